import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { twilioHookUrl } from '../../modules/networks/network-view.js';
import type { NetworkRuntime } from '../channel.js';
import type { RecordingDownloadOptions } from './twilio-recording.js';
import { applyTranscript, goodbyeTwiml, greetAndRecordTwiml, storeRecordingOrLog } from './twilio-voice-calls.js';
import { EMPTY_TWIML, twilioWebhookScope, WEBHOOK_BODY_LIMIT } from './twilio-webhook-scope.js';

export interface TwilioVoiceOptions {
  /** PUBLIC_URL: signatures cover it, and the TwiML's callback URLs start with it. */
  publicUrl: string;
  download?: RecordingDownloadOptions;
  /** Pauses before looking an unknown recording up again for its transcript; default 1 s then 5 s. */
  transcriptRetryDelaysMs?: number[];
}

const HookParamsSchema = z.object({ networkId: z.uuid().describe('The HTTP network, as in its voice webhook URL.') });

const IncomingCallBodySchema = z.object({
  CallSid: z.string().max(64).optional(),
  From: z.string().max(64).optional(),
  To: z.string().max(64).optional(),
});

const RecordedBodySchema = z.object({
  CallSid: z.string().max(64).optional(),
  From: z.string().trim().min(1).max(64).describe('The caller.'),
  RecordingSid: z.string().min(1).max(64).describe('The provider’s id of the recording; retries repeat it.'),
  RecordingUrl: z.string().min(1).max(2000).describe('Where the provider keeps the recording (without extension).'),
  RecordingDuration: z.string().max(16).optional().describe('Seconds.'),
});

const TranscriptionBodySchema = z.object({
  RecordingSid: z.string().min(1).max(64),
  TranscriptionStatus: z.string().max(32).optional().describe('completed or failed.'),
  TranscriptionText: z.string().max(20_000).optional(),
});

const TwimlSchema = z.string().describe('A TwiML document.');

/**
 * Voice webhooks of HTTP (Twilio-compatible) networks: a call is greeted and recorded, the
 * recording is fetched into file storage and becomes a voice message, a transcript follows
 * (what each does: twilio-voice-calls.ts). Every request is signature-checked like the SMS
 * webhooks (refusals go to the network's log).
 */
export const twilioVoiceRoutes: FastifyPluginAsyncZod<TwilioVoiceOptions> = async (app, options) => {
  const { networks, voice } = app.services;
  const transcriptRetryDelays = options.transcriptRetryDelaysMs ?? [1000, 5000];
  const tags = ['webhooks'];
  const formats = { consumes: ['application/x-www-form-urlencoded'], produces: ['text/xml'] };
  const hookUrl = (networkId: string, path = '') => `${twilioHookUrl(options.publicUrl, networkId, 'voice')}${path}`;

  const networkOf = await twilioWebhookScope(app, options.publicUrl);

  function enabledNetworkOf(request: FastifyRequest): NetworkRuntime {
    const network = networkOf(request);
    if (!network.enabled) throw new AppError('NETWORK_DISABLED', 'This network is disabled and takes no calls.');
    return network;
  }

  const route = { bodyLimit: WEBHOOK_BODY_LIMIT };

  app.post(
    '/hooks/twilio/:networkId/voice',
    {
      ...route,
      schema: {
        tags,
        ...formats,
        summary: 'Twilio "A call comes in" webhook: greets the caller and records a voice message',
        params: HookParamsSchema,
        body: IncomingCallBodySchema,
        response: { 200: TwimlSchema },
      },
    },
    async (request, reply) => {
      const network = enabledNetworkOf(request);
      const twiml = greetAndRecordTwiml(network, (path) => hookUrl(network.id, path));
      return reply.type('text/xml; charset=utf-8').send(twiml);
    },
  );

  app.post(
    '/hooks/twilio/:networkId/voice/recorded',
    {
      ...route,
      schema: {
        tags,
        ...formats,
        summary: 'The <Record> action: fetches the recording and stores the voice message',
        params: HookParamsSchema,
        body: RecordedBodySchema,
        response: { 200: TwimlSchema },
      },
    },
    async (request, reply) => {
      const network = enabledNetworkOf(request);
      const deps = { networks, voice, download: options.download, log: request.log };
      await storeRecordingOrLog(deps, network, request.body);
      return reply.type('text/xml; charset=utf-8').send(goodbyeTwiml());
    },
  );

  app.post(
    '/hooks/twilio/:networkId/voice/transcription',
    {
      ...route,
      schema: {
        tags,
        ...formats,
        summary: 'Transcription callback: sets the transcript of the recorded voice message',
        params: HookParamsSchema,
        body: TranscriptionBodySchema,
        response: { 200: TwimlSchema },
      },
    },
    async (request, reply) => {
      const network = networkOf(request);
      const { RecordingSid, TranscriptionStatus, TranscriptionText } = request.body;
      const text = TranscriptionText?.trim();
      if ((TranscriptionStatus ?? 'completed') === 'completed' && text) {
        const applied = await applyTranscript(voice, network.id, RecordingSid, text, transcriptRetryDelays);
        if (!applied) request.log.info({ recordingSid: RecordingSid }, 'transcript for an unknown recording');
      }
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );
};
