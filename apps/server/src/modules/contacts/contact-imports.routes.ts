import multipart from '@fastify/multipart';
import {
  ContactImportParamsSchema,
  ContactImportResponseSchema,
  ContactImportUploadQuerySchema,
  ContactImportUploadResponseSchema,
  MAX_IMPORT_FILE_BYTES,
  StartContactImportBodySchema,
} from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { newStorageKey, type FileStorage } from '../../lib/file-storage.js';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import type { StoredImportFile } from './contact-imports.js';

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.`);

/** The one part `file`, streamed straight into storage (never held in memory); 413 past the limit. */
async function storeUpload(request: FastifyRequest, storage: FileStorage): Promise<StoredImportFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV as multipart/form-data.');
  let part;
  try {
    part = await request.file();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read.');
  }
  if (!part || part.fieldname !== 'file')
    throw new AppError('VALIDATION_FAILED', 'Send the CSV in a part named "file".', [
      { path: 'body.file', message: 'Required: the CSV in a part named "file".' },
    ]);
  const fileKey = newStorageKey('imports');
  try {
    const { sizeBytes } = await storage.put(fileKey, part.file);
    if (part.file.truncated) throw tooLarge();
    return { fileKey, fileName: part.filename.slice(0, 255) || 'contacts.csv', sizeBytes };
  } catch (error) {
    await storage.remove(fileKey);
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read.');
  }
}

/** CSV imports (admin only): upload and read back, start, cancel, progress and report, invalid rows. */
export const contactImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are parsed within this plugin only; the upload is the one route reading them.
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
  const imports = app.services.contacts.imports;
  const admin = requireRole('admin');
  const tags = ['contacts'];
  const params = ContactImportParamsSchema;

  app.post(
    '/contacts/imports',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Upload a CSV of contacts (multipart, part `file`, at most 50 MB) and read it back',
        description:
          'Answers the detected delimiter and byte order mark, the header, the first rows and a suggested ' +
          'mapping. 400 IMPORT_FILE_INVALID for binary or non-UTF-8 files, empty ones, no data row, no ' +
          'column of numbers, or rows with more non-empty cells than the header; nothing is stored then.',
        consumes: ['multipart/form-data'],
        querystring: ContactImportUploadQuerySchema,
        response: { 201: ContactImportUploadResponseSchema },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = authOf(request);
      const file = await storeUpload(request, imports.storage);
      return reply.code(201).send(await imports.upload(workspaceId, userId, file, request.query.purpose));
    },
  );

  app.post(
    '/contacts/imports/:id/start',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Start an uploaded import with its mapping (runs as a job; progress on contact-import.progress)',
        params,
        body: StartContactImportBodySchema,
        response: { 202: ContactImportResponseSchema },
      },
    },
    async (request, reply) => {
      const started = await imports.start(authOf(request).workspaceId, request.params.id, request.body);
      return reply.code(202).send({ import: started });
    },
  );

  app.post(
    '/contacts/imports/:id/cancel',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Cancel an import; what was written stays',
        params,
        response: { 200: ContactImportResponseSchema },
      },
    },
    async (request) => ({ import: await imports.cancel(authOf(request).workspaceId, request.params.id) }),
  );

  app.get(
    '/contacts/imports/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'An import: state, progress and report',
        params,
        response: { 200: ContactImportResponseSchema },
      },
    },
    async (request) => ({ import: await imports.get(authOf(request).workspaceId, request.params.id) }),
  );

  app.get(
    '/contacts/imports/:id/invalid.csv',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The import’s invalid rows as CSV: line, reason, then the row’s cells',
        description: 'Cells starting with = + - @, tab or CR are prefixed with an apostrophe. 404 when there are none.',
        params,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await imports.invalidCsv(authOf(request).workspaceId, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${request.params.id}-invalid.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
