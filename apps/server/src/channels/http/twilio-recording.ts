import type { HttpSettings } from '@switchboard/contract';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';

/** Why a recording could not be fetched; the message goes to the network's log. */
export class RecordingDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordingDownloadError';
  }
}

export interface RecordingDownloadOptions {
  fetch?: typeof fetch;
  /** Per attempt, connection to last byte; default 30 s. */
  timeoutMs?: number;
  /**
   * Pauses before asking again after a 404: the provider may call back a moment before the
   * recording is published at its URL. Default 1 s, then 3 s.
   */
  notFoundRetryDelaysMs?: number[];
}

/** The MP3 of a recording: Twilio serves `RecordingUrl` as WAV, and with `.mp3` appended as MP3. */
export function mp3UrlOf(recordingUrl: string): URL {
  const url = new URL(recordingUrl);
  if (!/\.(mp3|wav)$/i.test(url.pathname)) url.pathname = `${url.pathname}.mp3`;
  return url;
}

/**
 * Fetches a recording with the account's credentials (Basic auth, as every request to the
 * provider's API). The URL came in a signed callback, but the credentials are sent only to the
 * network's API host: a recording URL anywhere else is refused rather than handed the auth token.
 */
export async function downloadTwilioRecording(
  settings: HttpSettings,
  recordingUrl: string,
  options: RecordingDownloadOptions = {},
): Promise<Readable> {
  let url: URL;
  try {
    url = mp3UrlOf(recordingUrl);
  } catch {
    throw new RecordingDownloadError(`The recording URL "${recordingUrl}" is not a URL.`);
  }
  const apiOrigin = new URL(settings.apiBaseUrl).origin;
  if (url.origin !== apiOrigin) {
    throw new RecordingDownloadError(
      `The recording URL is on ${url.origin}, not on the provider API (${apiOrigin}); it was not fetched.`,
    );
  }
  const doFetch = options.fetch ?? globalThis.fetch;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const delays = [...(options.notFoundRetryDelaysMs ?? [1000, 3000])];
  for (;;) {
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { authorization, accept: 'audio/mpeg' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new RecordingDownloadError(`The provider could not be reached: ${(error as Error).message}`);
    }
    if (response.ok && response.body) {
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    }
    await response.body?.cancel().catch(() => {});
    const delay = response.status === 404 ? delays.shift() : undefined;
    if (delay === undefined) {
      throw new RecordingDownloadError(`The provider answered ${response.status} for the recording.`);
    }
    await sleep(delay);
  }
}
