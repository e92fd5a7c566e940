import { PreferencesSchema, UpdatePreferencesBodySchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** `/api/me/preferences`: always the caller's own; there is no way to name another user. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const preferences = app.services.preferences;
  const tags = ['preferences'];

  app.get(
    '/me/preferences',
    {
      onRequest: requireRole('editor'),
      schema: {
        tags,
        summary: 'The signed-in user’s UI choices and bookmarks',
        response: { 200: PreferencesSchema },
      },
    },
    async (request) => preferences.get(authOf(request).userId),
  );

  app.patch(
    '/me/preferences',
    {
      onRequest: requireRole('editor'),
      schema: {
        tags,
        summary: 'Change UI choices (merged into the stored ones) and/or replace the bookmarks',
        body: UpdatePreferencesBodySchema,
        response: { 200: PreferencesSchema },
      },
    },
    async (request) => preferences.update(authOf(request).userId, request.body),
  );
};
