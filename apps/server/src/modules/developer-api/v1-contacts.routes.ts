import {
  ApiContactDetailResponseSchema,
  ApiContactListsResponseSchema,
  ApiContactParamsSchema,
  ApiContactResponseSchema,
  ApiContactsQuerySchema,
  ApiContactsResponseSchema,
  ApiCreateContactBodySchema,
  ApiTagsResponseSchema,
  ApiUpdateContactBodySchema,
  ErrorResponseSchema,
} from '@switchboard/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdempotencyHeadersSchema, v1Errors, v1Route } from './v1-docs.js';
import { answerIdempotently } from './v1-idempotent.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';

const notFound = { 404: ErrorResponseSchema.describe('No such contact (or list) in this workspace (`NOT_FOUND`).') };

type V1App = Parameters<FastifyPluginAsyncZod>[0];
const workspaceOf = (request: Parameters<typeof apiCallerOf>[0]) => apiCallerOf(request).workspaceId;

/** `/api/v1/contacts`, `/api/v1/contact-lists` and `/api/v1/tags`: reads (contacts:read) and changes (contacts:write). */
export const v1ContactsRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  readRoutes(app, [guard.authenticate, guard.requireScope('contacts:read')]);
  writeRoutes(app, [guard.authenticate, guard.requireScope('contacts:write')]);
};

function readRoutes(app: V1App, read: onRequestAsyncHookHandler[]): void {
  const { contacts } = app.services.developerApi;

  app.get(
    '/contacts',
    {
      onRequest: read,
      schema: {
        ...v1Route('contacts', 'Contacts, newest first, in cursor pages (scope contacts:read)'),
        querystring: ApiContactsQuerySchema,
        response: { 200: ApiContactsResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => {
      const { search, tag, listId, optedOut, cursor, limit } = request.query;
      const filter = { q: search, tag, listId, optedOut: optedOut === undefined ? undefined : optedOut === 'true' };
      const page = await contacts.list(workspaceOf(request), filter, cursor, limit);
      if (!page.next) return { contacts: page.contacts, next: null };
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...request.query, cursor: page.next })) {
        if (value !== undefined) query.set(name, String(value));
      }
      return { contacts: page.contacts, next: `/api/v1/contacts?${query.toString()}` };
    },
  );

  app.get(
    '/contacts/:id',
    {
      onRequest: read,
      schema: {
        ...v1Route('contacts', 'One contact and its consent history (scope contacts:read)'),
        params: ApiContactParamsSchema,
        response: { 200: ApiContactDetailResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => contacts.get(workspaceOf(request), request.params.id),
  );

  app.get(
    '/contact-lists',
    {
      onRequest: read,
      schema: {
        ...v1Route('contacts', 'The workspace’s contact lists with their member counts (scope contacts:read)'),
        response: { 200: ApiContactListsResponseSchema, ...v1Errors },
      },
    },
    async (request) => ({ lists: await contacts.lists(workspaceOf(request)) }),
  );

  app.get(
    '/tags',
    {
      onRequest: read,
      schema: {
        ...v1Route('contacts', 'The tags in use, most used first (scope contacts:read)'),
        response: { 200: ApiTagsResponseSchema, ...v1Errors },
      },
    },
    async (request) => ({ tags: await contacts.tags(workspaceOf(request)) }),
  );
}

function writeRoutes(app: V1App, write: onRequestAsyncHookHandler[]): void {
  const { contacts, idempotency } = app.services.developerApi;

  app.post(
    '/contacts',
    {
      onRequest: write,
      schema: {
        ...v1Route('contacts', 'Add a contact (scope contacts:write)'),
        headers: IdempotencyHeadersSchema,
        body: ApiCreateContactBodySchema,
        response: {
          201: ApiContactResponseSchema,
          ...v1Errors,
          ...notFound,
          409: ErrorResponseSchema.describe('The number is a contact already (`CONTACT_EXISTS`).'),
          422: ErrorResponseSchema.describe(
            'The Idempotency-Key was used for another request (`IDEMPOTENCY_KEY_REUSED`).',
          ),
        },
      },
    },
    async (request, reply) => {
      const workspaceId = workspaceOf(request);
      return answerIdempotently(idempotency, request, reply, 201, async (within) => ({
        contact: await contacts.create(workspaceId, request.body, within),
      }));
    },
  );

  app.patch(
    '/contacts/:id',
    {
      onRequest: write,
      schema: {
        ...v1Route('contacts', 'Change name, tags, custom fields, time zone or lists (scope contacts:write)'),
        params: ApiContactParamsSchema,
        body: ApiUpdateContactBodySchema,
        response: { 200: ApiContactResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => ({ contact: await contacts.update(workspaceOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/contacts/:id',
    {
      onRequest: write,
      schema: {
        ...v1Route('contacts', 'Delete a contact without conversations or an opt-out (scope contacts:write)'),
        params: ApiContactParamsSchema,
        response: {
          204: z.null().describe('Deleted.'),
          ...v1Errors,
          ...notFound,
          409: ErrorResponseSchema.describe(
            'The contact has conversations or an opt-out on record and is kept (`CONTACT_HAS_HISTORY`).',
          ),
        },
      },
    },
    async (request, reply) => {
      await contacts.remove(workspaceOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [action, optedOut] of [
    ['opt-out', true],
    ['opt-in', false],
  ] as const) {
    app.post(
      `/contacts/:id/${action}`,
      {
        onRequest: write,
        schema: {
          ...v1Route(
            'contacts',
            optedOut
              ? 'Opt the contact out: no message is sent to it until it opts in (no text is sent; recorded with the source api; scope contacts:write)'
              : 'Opt the contact back in (recorded with the source api; scope contacts:write)',
          ),
          params: ApiContactParamsSchema,
          response: { 200: ApiContactResponseSchema, ...v1Errors, ...notFound },
        },
      },
      async (request) => ({
        contact: await contacts.setOptedOut(workspaceOf(request), request.params.id, optedOut),
      }),
    );
  }
}
