import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { voiceInboxRoutes } from './voice-inbox.routes.js';
import { voiceRecordingRoutes } from './voice-recording.routes.js';
import { voiceUploadRoutes } from './voice-upload.routes.js';
import { VOICE_UPLOAD_LIMITS } from './voice-upload.js';

/**
 * Voice messages under /api: the inbox (voice-inbox.routes.ts: list, detail, listened flag,
 * recording links), uploads (voice-upload.routes.ts) and the recordings (voice-recording.routes.ts).
 */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are parsed within this plugin only (the rest of the API answers 415); the
  // upload is the one route that reads them.
  await app.register(multipart, { limits: VOICE_UPLOAD_LIMITS });

  await app.register(voiceInboxRoutes);
  await app.register(voiceUploadRoutes);
  await app.register(voiceRecordingRoutes);
};
