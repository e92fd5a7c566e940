import { VoiceMessageParamsSchema, type VoiceMessage } from '@switchboard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { rangeRequestOf } from './byte-range.js';

const RecordingQuerySchema = z.object({
  token: z
    .string()
    .max(2000)
    .optional()
    .describe('The token of a link from /recording-url; without it, an admin’s bearer token is needed.'),
  download: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .describe('1: answer as an attachment (Content-Disposition) to save the file.'),
});

const EXTENSIONS: Record<VoiceMessage['contentType'], string> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
};

/** e.g. voice-message_+14155550123_2025-06-01-1430.mp3: only characters every file system keeps. */
function fileNameOf(voiceMessage: VoiceMessage): string {
  const caller = voiceMessage.contact.phoneNumber.replace(/[^A-Za-z0-9+]/g, '');
  const time = voiceMessage.createdAt.slice(0, 16).replace(/[T:]/g, (c) => (c === 'T' ? '-' : ''));
  return `voice-message_${caller}_${time}.${EXTENSIONS[voiceMessage.contentType]}`;
}

/** The audio of a voice message, for players (Range requests) and downloads; by link token or as an admin. */
export const voiceRecordingRoutes: FastifyPluginAsyncZod = async (app) => {
  const voice = app.services.voice;
  const admin = requireRole('admin');

  /** The workspace the caller may read the recording of: by the link's token, or as a signed-in admin. */
  async function readerWorkspace(request: FastifyRequest, reply: FastifyReply, id: string, token: string | undefined) {
    if (token === undefined) {
      await admin.call(app, request, reply);
      return authOf(request).workspaceId;
    }
    const grant = await voice.recordingTokens.verify(token);
    if (!grant) {
      throw new AppError('UNAUTHENTICATED', 'This recording link is invalid or has expired. Open the message again.');
    }
    if (grant.voiceMessageId !== id) throw new AppError('FORBIDDEN', 'This link is for another recording.');
    return grant.workspaceId;
  }

  app.get(
    '/voice-messages/:id/recording',
    {
      compress: false,
      // Players ask for many ranges, and the URL carries the link token: keep both out of the
      // request log (warnings and errors are still logged).
      logLevel: 'warn',
      schema: {
        tags: ['voice messages'],
        summary: 'The audio (Range requests supported); a link from /recording-url or an admin’s bearer token',
        params: VoiceMessageParamsSchema,
        querystring: RecordingQuerySchema,
        produces: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm'],
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const workspaceId = await readerWorkspace(request, reply, id, request.query.token);
      const recording = await voice.recording(workspaceId, id);
      const size = recording.sizeBytes;
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=600')
        .type(recording.voiceMessage.contentType);
      const download = request.query.download === '1' || request.query.download === 'true';
      if (download) reply.header('content-disposition', `attachment; filename="${fileNameOf(recording.voiceMessage)}"`);

      const wanted = rangeRequestOf(request.headers.range, size);
      if (wanted.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .type('application/json; charset=utf-8')
          .send({
            error: `The requested range lies outside the recording (${size} bytes).`,
            code: 'VALIDATION_FAILED',
          });
      }
      if (wanted.kind === 'whole') {
        return reply.header('content-length', size).send(await recording.open());
      }
      const { start, end } = wanted.range;
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1)
        .send(await recording.open(wanted.range));
    },
  );
};
