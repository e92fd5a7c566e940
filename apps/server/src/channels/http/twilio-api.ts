import type { HttpSettings } from '@switchboard/contract';

/*
 * Plain fetch rather than the `twilio` REST client: the client builds its URLs from Twilio's own
 * host names (api.twilio.com, regions, edges) and has no clean way to point it at the base URL of
 * a Twilio-compatible provider, which is the whole point of `apiBaseUrl`.
 */

/** Twilio's error answer (https://www.twilio.com/docs/usage/twilios-response). */
interface TwilioErrorBody {
  code?: unknown;
  message?: unknown;
}

export interface TwilioCallOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

export interface TwilioAnswer {
  status: number;
  /** The JSON body, or null when the answer was not JSON (a proxy's HTML page...). */
  body: Record<string, unknown> | null;
  retryAfter: string | null;
}

/** The provider could not be reached or did not answer in time: nothing is known to have happened. */
export class ProviderUnreachableError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ProviderUnreachableError';
  }
}

/** `…/2010-04-01/Accounts/{sid}` of the network's provider. */
function accountUrl(settings: HttpSettings): string {
  const base = settings.apiBaseUrl.replace(/\/+$/, '');
  return `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}`;
}

function basicAuth(settings: HttpSettings): string {
  return `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Fetch hides the reason of a failed connection in `cause` (ECONNREFUSED, ENOTFOUND...). */
function unreachable(error: unknown, settings: HttpSettings, options: TwilioCallOptions): ProviderUnreachableError {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    return new ProviderUnreachableError(`The provider did not answer within ${options.timeoutMs / 1000} s.`, true);
  }
  const reason = e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
  return new ProviderUnreachableError(`Could not reach the provider at ${settings.apiBaseUrl}: ${reason}`, false);
}

async function call(
  settings: HttpSettings,
  path: string,
  init: { method: 'GET' } | { method: 'POST'; form: Record<string, string> },
  options: TwilioCallOptions,
): Promise<TwilioAnswer> {
  try {
    const response = await options.fetch(`${accountUrl(settings)}${path}`, {
      method: init.method,
      headers: { authorization: basicAuth(settings), accept: 'application/json' },
      body: init.method === 'POST' ? new URLSearchParams(init.form) : undefined,
      // A redirect means a wrong base URL: following it would turn the POST into a GET and could
      // carry the credentials elsewhere, so it is answered as the failure it is.
      redirect: 'manual',
      // Also bounds reading the body: the signal stays armed until the text is in.
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: parseJsonObject(text), retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    throw unreachable(error, settings, options);
  }
}

/** POST Messages.json: asks the provider to send one SMS. */
export function createTwilioMessage(
  settings: HttpSettings,
  form: { To: string; From: string; Body: string; StatusCallback: string },
  options: TwilioCallOptions,
): Promise<TwilioAnswer> {
  return call(settings, '/Messages.json', { method: 'POST', form }, options);
}

/** GET the account itself: the cheapest request that proves the credentials. */
export function fetchTwilioAccount(settings: HttpSettings, options: TwilioCallOptions): Promise<TwilioAnswer> {
  return call(settings, '.json', { method: 'GET' }, options);
}

/** The provider's own error code and words for a failed answer, with the HTTP status as fallback. */
export function twilioErrorOf(answer: TwilioAnswer): { code: string; message: string } {
  const body = (answer.body ?? {}) as TwilioErrorBody;
  const code = typeof body.code === 'number' || typeof body.code === 'string' ? String(body.code) : null;
  const message = typeof body.message === 'string' && body.message.trim() ? body.message.trim() : null;
  return {
    code: code ?? String(answer.status),
    message: message ?? `The provider answered HTTP ${answer.status}.`,
  };
}

const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** Retry-After in seconds or as an HTTP date; capped so a silly value cannot park messages for days. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header?.trim()) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)));
}
