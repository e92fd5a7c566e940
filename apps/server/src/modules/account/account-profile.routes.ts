import { AccountResponseSchema, UpdateAccountBodySchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { ACCOUNT_TAGS as tags, IMMUTABLE_CACHE, type AccountRoutesOptions } from './account-options.js';
import { readImageUpload } from './image-upload.js';

const AvatarParamsSchema = z.object({ userId: z.uuid(), version: z.coerce.number().int().positive() });

/** The signed-in user's own record and avatar; the avatars themselves (public, cached for good). */
export const accountProfileRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app) => {
  const account = app.services.account;
  const signedIn = requireRole('editor');

  app.get(
    '/account',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The caller’s own account',
        description: 'Every profile field, the pending e-mail address, unused recovery codes and the UI preferences.',
        response: { 200: AccountResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { account: await account.get(workspaceId, userId) };
    },
  );

  app.patch(
    '/account',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Change the caller’s own profile fields',
        description:
          'Null clears a field; location and social links merge into what is stored. A taken username: 409 `USERNAME_TAKEN`.',
        body: UpdateAccountBodySchema,
        response: { 200: AccountResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { account: await account.update(workspaceId, userId, request.body) };
    },
  );

  app.put(
    '/account/avatar',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Upload the caller’s avatar (multipart, one file `avatar`)',
        description:
          'PNG, JPEG or WebP by its bytes (415 `UNSUPPORTED_MEDIA_TYPE` otherwise), at most 2 MB (413). ' +
          '`photoURL` becomes `/api/avatars/{userId}/{version}`; the user’s tabs hear `user.updated`.',
        consumes: ['multipart/form-data'],
        response: { 200: AccountResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      const { bytes } = await readImageUpload(request, 'avatar');
      return { account: await account.setAvatar(workspaceId, userId, bytes) };
    },
  );

  app.delete(
    '/account/avatar',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Remove the caller’s avatar', response: { 200: AccountResponseSchema } },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { account: await account.removeAvatar(workspaceId, userId) };
    },
  );

  app.get(
    '/avatars/:userId/:version',
    {
      schema: {
        tags,
        summary: 'An avatar image (public, so `<img>` works; cached a year, immutable)',
        description: 'Only the current version exists: an older one answers 404.',
        params: AvatarParamsSchema,
      },
    },
    async (request, reply) => {
      const { bytes, type } = await account.readAvatar(request.params.userId, request.params.version);
      return reply.header('cache-control', IMMUTABLE_CACHE).type(type).send(bytes);
    },
  );
};
