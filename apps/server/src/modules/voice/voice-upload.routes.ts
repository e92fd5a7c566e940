import { VoiceMessageResponseSchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { readVoiceUpload } from './voice-upload.js';

/**
 * Voice messages uploaded by a PBX or a script (admin only). Multipart bodies are parsed by the
 * plugin that registers this one (voice.routes.ts).
 */
export const voiceUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const voice = app.services.voice;

  app.post(
    '/voice-messages',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['voice messages'],
        summary: 'Upload a voice message (multipart: networkId, caller, transcript?, durationSeconds?, file)',
        description:
          'For a PBX or a script. The audio goes in the part `file`: audio/mpeg, audio/wav, audio/ogg or ' +
          'audio/webm (checked against the bytes; 415 otherwise), at most 20 MB (413).',
        consumes: ['multipart/form-data'],
        response: { 201: VoiceMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const { workspaceId } = authOf(request);
      const { fields, file } = await readVoiceUpload(request, voice.storage);
      const voiceMessage = await voice.createFromUpload(workspaceId, fields, file);
      return reply.code(201).send({ voiceMessage });
    },
  );
};
