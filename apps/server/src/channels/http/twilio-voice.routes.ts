import { HttpSettingsSchema } from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import twilio from 'twilio';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { twilioHookUrl } from '../../modules/networks/network-view.js';
import type { NetworkRuntime } from '../channel.js';
import { downloadTwilioRecording, type RecordingDownloadOptions } from './twilio-recording.js';
import { EMPTY_TWIML, twilioWebhookScope, WEBHOOK_BODY_LIMIT } from './twilio-webhook-scope.js';

export interface TwilioVoiceOptions {
  /** PUBLIC_URL: signatures cover it, and the TwiML's callback URLs start with it. */
  publicUrl: string;
  download?: RecordingDownloadOptions;
  /** Pauses before looking an unknown recording up again for its transcript; default 1 s then 5 s. */
  transcriptRetryDelaysMs?: number[];
}

/** Longest voice message a caller can leave, in seconds. */
const MAX_RECORDING_SECONDS = 120;
const DEFAULT_GREETING =
  'Hello. Please leave a message after the beep. Press the hash key or hang up when you are done.';

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

function secondsOf(value: string | undefined): number | null {
  const seconds = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * Voice webhooks of HTTP (Twilio-compatible) networks: a call is greeted and recorded, the
 * recording is fetched into file storage and becomes a voice message, a transcript follows.
 * Every request is signature-checked like the SMS webhooks (refusals go to the network's log).
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

  const settingsOf = (network: NetworkRuntime) => HttpSettingsSchema.safeParse(network.settings);
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
      const settings = settingsOf(network);
      const greeting = (settings.success && settings.data.voiceGreeting) || DEFAULT_GREETING;
      const response = new twilio.twiml.VoiceResponse();
      response.say(greeting);
      response.record({
        action: hookUrl(network.id, '/recorded'),
        method: 'POST',
        maxLength: MAX_RECORDING_SECONDS,
        playBeep: true,
        finishOnKey: '#',
        transcribe: true,
        transcribeCallback: hookUrl(network.id, '/transcription'),
      });
      // Reached only when nothing was recorded (the provider skips the action then).
      response.hangup();
      return reply.type('text/xml; charset=utf-8').send(response.toString());
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
      const { From, RecordingSid, RecordingUrl, RecordingDuration, CallSid } = request.body;
      const settings = settingsOf(network);
      try {
        if (!settings.success) throw new Error('The network’s provider settings are incomplete.');
        const outcome = await voice.receiveRecording({
          network,
          from: From,
          providerRecordingId: RecordingSid,
          durationSeconds: secondsOf(RecordingDuration),
          contentType: 'audio/mpeg',
          download: () => downloadTwilioRecording(settings.data, RecordingUrl, options.download),
        });
        if (outcome === 'duplicate') request.log.debug({ recordingSid: RecordingSid }, 'recording already stored');
        await networks.touch(network.id);
      } catch (error) {
        // The <Record> action is not retried by the provider (unless its URL asks for retries),
        // and an error answer only makes the caller hear "an application error has occurred".
        // So the caller is thanked either way and the admin finds the failure in the network's
        // log, with the ids to look the recording up in the provider's console.
        const message = `A voice message could not be stored: ${(error as Error).message}`;
        request.log.warn({ err: error, networkId: network.id, recordingSid: RecordingSid }, 'voice message not stored');
        await networks
          .log(network.id, {
            kind: 'error',
            message,
            details: { recordingSid: RecordingSid, callSid: CallSid ?? null, recordingUrl: RecordingUrl },
          })
          .catch((logError: unknown) => request.log.error({ err: logError }, 'could not log a lost voice message'));
      }
      const response = new twilio.twiml.VoiceResponse();
      response.say('Thank you. Goodbye.');
      response.hangup();
      return reply.type('text/xml; charset=utf-8').send(response.toString());
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
        // The transcript can overtake the storing of its recording (still downloading).
        let applied = await voice.setTranscript(network.id, RecordingSid, text);
        for (const delay of transcriptRetryDelays) {
          if (applied) break;
          await sleep(delay);
          applied = await voice.setTranscript(network.id, RecordingSid, text);
        }
        if (!applied) request.log.info({ recordingSid: RecordingSid }, 'transcript for an unknown recording');
      }
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );
};
