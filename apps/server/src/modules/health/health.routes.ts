import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready when the database answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      if (closing) throw new AppError('UNAVAILABLE', 'The server is shutting down.');
      await app.database.ping().catch(() => {
        throw new AppError('UNAVAILABLE', 'The database is not ready.');
      });
      return { status: 'ok' as const };
    },
  );
};
