import {
  BillingProfileSchema,
  ErrorResponseSchema,
  InvoiceListResponseSchema,
  InvoiceResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../../plugins/auth-guard.js';

const params = z.object({ id: z.uuid().describe('The invoice’s id.') });
const notFound = {
  404: ErrorResponseSchema.describe('No such invoice in the caller’s workspace (`NOT_FOUND`).'),
};

/**
 * Invoices, credit notes and the buyer's billing details: the workspace's admins only (editors
 * 403); another workspace's invoice is 404, a malformed id 400.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoices = app.services.invoices;
  const admin = requireRole('admin');
  const tags = ['billing'];

  app.get(
    '/invoices',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The workspace’s invoices and credit notes, newest first',
        response: { 200: InvoiceListResponseSchema },
      },
    },
    async (request) => ({ invoices: await invoices.list(authOf(request).workspaceId) }),
  );

  app.get(
    '/invoices/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One invoice or credit note',
        params,
        response: { 200: InvoiceResponseSchema, ...notFound },
      },
    },
    async (request) => ({ invoice: await invoices.get(authOf(request).workspaceId, request.params.id) }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The invoice or credit note as a PDF download (SB-2026-000001.pdf)',
        description:
          'Made on request from the stored invoice; amounts in en-US format. 404 `NOT_FOUND` for no such invoice in the workspace.',
        params,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await invoices.pdf(authOf(request).workspaceId, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/billing/profile',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The buyer’s details printed on new invoices (a default from the workspace until saved)',
        response: { 200: BillingProfileSchema },
      },
    },
    async (request) => invoices.profile(authOf(request).workspaceId),
  );

  app.put(
    '/billing/profile',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Save the buyer’s details for new invoices (issued ones keep theirs)',
        body: BillingProfileSchema,
        response: { 200: BillingProfileSchema },
      },
    },
    async (request) => invoices.saveProfile(authOf(request).workspaceId, request.body),
  );
};
