import {
  ContactFieldsBodySchema,
  ContactFieldsResponseSchema,
  ContactListBodySchema,
  ContactListParamsSchema,
  ContactListResponseSchema,
  ContactListsResponseSchema,
  ContactTagsResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** What contacts are grouped and described by: lists, tags in use, custom field keys (admin only). */
export const contactListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = app.services.contacts;
  const admin = requireRole('admin');
  const tags = ['contacts'];
  const params = ContactListParamsSchema;
  const workspaceOf = (request: Parameters<typeof authOf>[0]) => authOf(request).workspaceId;

  app.get(
    '/contact-lists',
    {
      onRequest: admin,
      schema: { tags, summary: 'Lists with member counts', response: { 200: ContactListsResponseSchema } },
    },
    async (request) => ({ lists: await contacts.lists.list(workspaceOf(request)) }),
  );

  app.post(
    '/contact-lists',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Add a list',
        body: ContactListBodySchema,
        response: { 201: ContactListResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ list: await contacts.lists.create(workspaceOf(request), request.body.name) }),
  );

  app.patch(
    '/contact-lists/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Rename a list',
        params,
        body: ContactListBodySchema,
        response: { 200: ContactListResponseSchema },
      },
    },
    async (request) => ({
      list: await contacts.lists.rename(workspaceOf(request), request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/contact-lists/:id',
    {
      onRequest: admin,
      schema: { tags, summary: 'Delete a list (its contacts stay)', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await contacts.lists.remove(workspaceOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/contact-tags',
    {
      onRequest: admin,
      schema: { tags, summary: 'Tags in use with counts', response: { 200: ContactTagsResponseSchema } },
    },
    async (request) => ({ tags: await contacts.tags(workspaceOf(request)) }),
  );

  app.get(
    '/contact-fields',
    {
      onRequest: admin,
      schema: { tags, summary: 'The workspace’s custom field keys', response: { 200: ContactFieldsResponseSchema } },
    },
    async (request) => ({ fields: await contacts.fields.list(workspaceOf(request)) }),
  );

  app.put(
    '/contact-fields',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Replace the custom field keys (a key left out is removed from every contact)',
        body: ContactFieldsBodySchema,
        response: { 200: ContactFieldsResponseSchema },
      },
    },
    async (request) => ({
      fields: await contacts.fields.replace(
        workspaceOf(request),
        request.body.fields.map((field) => field.key),
      ),
    }),
  );
};
