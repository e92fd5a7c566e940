import {
  RecordingUrlResponseSchema,
  UpdateVoiceMessageBodySchema,
  VoiceMessageListQuerySchema,
  VoiceMessageListResponseSchema,
  VoiceMessageParamsSchema,
  VoiceMessageResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** The voice inbox (admin only): the list, one message, its listened flag and a link to its audio. */
export const voiceInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const voice = app.services.voice;
  const admin = requireRole('admin');
  const tags = ['voice messages'];
  const params = VoiceMessageParamsSchema;

  app.get(
    '/voice-messages',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Voice messages, newest first (cursor pages; search and filters)',
        querystring: VoiceMessageListQuerySchema,
        response: { 200: VoiceMessageListResponseSchema },
      },
    },
    async (request) => voice.list(authOf(request).workspaceId, request.query),
  );

  app.get(
    '/voice-messages/:id',
    { onRequest: admin, schema: { tags, params, response: { 200: VoiceMessageResponseSchema } } },
    async (request) => ({ voiceMessage: await voice.get(authOf(request).workspaceId, request.params.id) }),
  );

  app.patch(
    '/voice-messages/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Mark a voice message listened or unlistened',
        params,
        body: UpdateVoiceMessageBodySchema,
        response: { 200: VoiceMessageResponseSchema },
      },
    },
    async (request) => ({
      voiceMessage: await voice.setListened(authOf(request).workspaceId, request.params.id, request.body.listened),
    }),
  );

  app.get(
    '/voice-messages/:id/recording-url',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A short-lived link to the recording, for players and downloads that cannot send a header',
        params,
        response: { 200: RecordingUrlResponseSchema },
      },
    },
    async (request) => voice.recordingLink(authOf(request).workspaceId, request.params.id),
  );
};
