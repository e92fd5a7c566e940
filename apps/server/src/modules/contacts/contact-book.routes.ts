import {
  type ContactDetailResponse,
  ContactCountQuerySchema,
  ContactCountResponseSchema,
  ContactDetailResponseSchema,
  ContactPageQuerySchema,
  ContactPageResponseSchema,
  ContactParamsSchema,
  ContactResponseSchema,
  CreateContactBodySchema,
  UpdateContactBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import type { MessagingService } from '../messaging/messaging.service.js';

/**
 * The texts that carried keyword opt-outs and opt-ins, from messaging (the owner of messages);
 * a message gone since (its network was deleted) leaves the text null.
 */
async function withKeywordTexts(
  messaging: Pick<MessagingService, 'get'>,
  workspaceId: string,
  detail: ContactDetailResponse,
): Promise<ContactDetailResponse> {
  const consent = await Promise.all(
    detail.consent.map(async (event) => {
      if (event.source !== 'keyword' || !event.messageId) return event;
      const message = await messaging.get(workspaceId, event.messageId).catch(() => null);
      return { ...event, messageBody: message?.body ?? null };
    }),
  );
  return { ...detail, consent };
}

/** The contact book, one contact at a time, and its pages (admin only). */
export const contactBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = app.services.contacts;
  const admin = requireRole('admin');
  const tags = ['contacts'];
  const params = ContactParamsSchema;
  /** Who changes a contact here: an admin in the app. */
  const actorOf = (request: Parameters<typeof authOf>[0]) => ({
    source: 'admin' as const,
    userId: authOf(request).userId,
  });

  app.get(
    '/contacts',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Contacts by filter, in the chosen order (keyset pages)',
        querystring: ContactPageQuerySchema,
        response: { 200: ContactPageResponseSchema },
      },
    },
    async (request) => {
      const { cursor, limit, sort, order, ...filter } = request.query;
      return contacts.page(authOf(request).workspaceId, filter, { sort, order }, cursor, limit);
    },
  );

  app.get(
    '/contacts/count',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'How many contacts match the filter ("select all N")',
        querystring: ContactCountQuerySchema,
        response: { 200: ContactCountResponseSchema },
      },
    },
    async (request) => ({ count: await contacts.count(authOf(request).workspaceId, request.query) }),
  );

  app.get(
    '/contacts/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A contact and its consent history',
        params,
        response: { 200: ContactDetailResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId } = authOf(request);
      return withKeywordTexts(app.services.messaging, workspaceId, await contacts.get(workspaceId, request.params.id));
    },
  );

  app.post(
    '/contacts',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Add a contact (409 CONTACT_EXISTS when the number is one already)',
        body: CreateContactBodySchema,
        response: { 201: ContactResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        contact: await contacts.create(authOf(request).workspaceId, request.body, actorOf(request)),
      }),
  );

  app.patch(
    '/contacts/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change name, tags, custom fields, time zone, lists; opt out or in by hand',
        params,
        body: UpdateContactBodySchema,
        response: { 200: ContactResponseSchema },
      },
    },
    async (request) => ({
      contact: await contacts.update(authOf(request).workspaceId, request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/contacts/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Delete a contact (409 CONTACT_HAS_HISTORY when it has conversations or an opt-out)',
        params,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await contacts.remove(authOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
