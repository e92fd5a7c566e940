import { HttpSettingsSchema } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import twilio from 'twilio';
import type { NetworksService } from '../../modules/networks/networks.service.js';
import type { VoiceService } from '../../modules/voice/voice.service.js';
import type { NetworkRuntime } from '../channel.js';
import { downloadTwilioRecording, type RecordingDownloadOptions } from './twilio-recording.js';

/** Longest voice message a caller can leave, in seconds. */
const MAX_RECORDING_SECONDS = 120;
const DEFAULT_GREETING =
  'Hello. Please leave a message after the beep. Press the hash key or hang up when you are done.';

const settingsOf = (network: NetworkRuntime) => HttpSettingsSchema.safeParse(network.settings);

function secondsOf(value: string | undefined): number | null {
  const seconds = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * The answer to a new call: the network's greeting, then a recording whose action and
 * transcription callbacks are `hookUrl('/recorded')` and `hookUrl('/transcription')`.
 */
export function greetAndRecordTwiml(network: NetworkRuntime, hookUrl: (path: string) => string): string {
  const settings = settingsOf(network);
  const greeting = (settings.success && settings.data.voiceGreeting) || DEFAULT_GREETING;
  const response = new twilio.twiml.VoiceResponse();
  response.say(greeting);
  response.record({
    action: hookUrl('/recorded'),
    method: 'POST',
    maxLength: MAX_RECORDING_SECONDS,
    playBeep: true,
    finishOnKey: '#',
    transcribe: true,
    transcribeCallback: hookUrl('/transcription'),
  });
  // Reached only when nothing was recorded (the provider skips the action then).
  response.hangup();
  return response.toString();
}

/** The answer once a message was recorded, whether or not it could be stored. */
export function goodbyeTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say('Thank you. Goodbye.');
  response.hangup();
  return response.toString();
}

/** The `<Record>` action's form fields (Twilio's names). */
export interface RecordedCall {
  CallSid?: string;
  From: string;
  RecordingSid: string;
  RecordingUrl: string;
  RecordingDuration?: string;
}

export interface RecordingIntakeDeps {
  networks: NetworksService;
  voice: VoiceService;
  download?: RecordingDownloadOptions;
  log: FastifyBaseLogger;
}

/**
 * Fetches a call's recording into file storage as a voice message (once per RecordingSid). Never
 * throws: the `<Record>` action is not retried by the provider (unless its URL asks for retries),
 * and an error answer only makes the caller hear "an application error has occurred". So the
 * caller is thanked either way and the admin finds the failure in the network's log, with the
 * ids to look the recording up in the provider's console.
 */
export async function storeRecordingOrLog(
  deps: RecordingIntakeDeps,
  network: NetworkRuntime,
  call: RecordedCall,
): Promise<void> {
  const { networks, voice, log } = deps;
  const { From, RecordingSid, RecordingUrl, RecordingDuration, CallSid } = call;
  const settings = settingsOf(network);
  try {
    if (!settings.success) throw new Error('The network’s provider settings are incomplete.');
    const outcome = await voice.receiveRecording({
      network,
      from: From,
      providerRecordingId: RecordingSid,
      durationSeconds: secondsOf(RecordingDuration),
      contentType: 'audio/mpeg',
      download: () => downloadTwilioRecording(settings.data, RecordingUrl, deps.download),
    });
    if (outcome === 'duplicate') log.debug({ recordingSid: RecordingSid }, 'recording already stored');
    await networks.touch(network.id);
  } catch (error) {
    const message = `A voice message could not be stored: ${(error as Error).message}`;
    log.warn({ err: error, networkId: network.id, recordingSid: RecordingSid }, 'voice message not stored');
    await networks
      .log(network.id, {
        kind: 'error',
        message,
        details: { recordingSid: RecordingSid, callSid: CallSid ?? null, recordingUrl: RecordingUrl },
      })
      .catch((logError: unknown) => log.error({ err: logError }, 'could not log a lost voice message'));
  }
}

/**
 * Sets a recording's transcript. The transcript can overtake the storing of its recording (still
 * downloading), so an unknown recording is looked up again after each of `retryDelaysMs`.
 * False when the recording never turned up.
 */
export async function applyTranscript(
  voice: VoiceService,
  networkId: string,
  recordingSid: string,
  text: string,
  retryDelaysMs: number[],
): Promise<boolean> {
  let applied = await voice.setTranscript(networkId, recordingSid, text);
  for (const delay of retryDelaysMs) {
    if (applied) break;
    await sleep(delay);
    applied = await voice.setTranscript(networkId, recordingSid, text);
  }
  return applied;
}
