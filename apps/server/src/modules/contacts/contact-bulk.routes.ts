import {
  BulkContactBodySchema,
  BulkContactResponseSchema,
  ContactExportBodySchema,
  ContactExportQuerySchema,
} from '@switchboard/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** A CSV download, named by the day. */
function sendCsv(reply: FastifyReply, csv: NodeJS.ReadableStream) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="contacts-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

const EXPORT_DESCRIPTION =
  'UTF-8 with a byte order mark. Cells starting with = + - @, tab or CR are prefixed with an apostrophe so spreadsheets do not run them (an import takes the apostrophe off again).';

/** Many contacts at once: bulk actions and the CSV export (admin only). */
export const contactBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = app.services.contacts;
  const admin = requireRole('admin');
  const tags = ['contacts'];

  app.post(
    '/contacts/bulk',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Tag, untag, add to or remove from a list, or delete: by ids or everything matching a filter',
        body: BulkContactBodySchema,
        response: { 200: BulkContactResponseSchema },
      },
    },
    async (request) => contacts.bulk(authOf(request).workspaceId, request.body),
  );

  app.get(
    '/contacts/export',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Every contact matching the filter as CSV, streamed (one column per custom field)',
        description: EXPORT_DESCRIPTION,
        querystring: ContactExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { sort, order, ...filter } = request.query;
      return sendCsv(reply, await contacts.exportCsv(authOf(request).workspaceId, { filter }, { sort, order }));
    },
  );

  app.post(
    '/contacts/export',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The selected contacts as CSV, streamed: ids ticked by hand, or a filter minus exceptions',
        description: EXPORT_DESCRIPTION,
        body: ContactExportBodySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { selection, sort, order } = request.body;
      return sendCsv(reply, await contacts.exportCsv(authOf(request).workspaceId, selection, { sort, order }));
    },
  );
};
