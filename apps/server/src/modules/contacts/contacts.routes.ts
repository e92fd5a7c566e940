import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBookRoutes } from './contact-book.routes.js';
import { contactBulkRoutes } from './contact-bulk.routes.js';
import { contactImportsRoutes } from './contact-imports.routes.js';
import { contactListsRoutes } from './contact-lists.routes.js';

/**
 * The contact book under /api (admin only): contacts one at a time and their pages
 * (contact-book.routes.ts), bulk actions and the CSV export (contact-bulk.routes.ts), and lists,
 * tags and custom field keys (contact-lists.routes.ts), and CSV imports (contact-imports.routes.ts).
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(contactBookRoutes);
  await app.register(contactBulkRoutes);
  await app.register(contactListsRoutes);
  await app.register(contactImportsRoutes);
};
