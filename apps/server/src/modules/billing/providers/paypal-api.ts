import type { BillingConfig } from '../../../config/config.js';

export type PayPalSettings = NonNullable<BillingConfig['paypal']>;

/** A token is renewed this long before PayPal says it expires (clock skew, a request in flight). */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

/** PayPal answered with an error: its HTTP status, error name and first detail's issue (e.g. INSTRUMENT_DECLINED). */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** PayPal's error body: `{ name, message, details: [{ issue, description }] }` (OAuth: `{ error, error_description }`). */
interface PayPalErrorBody {
  name?: string;
  message?: string;
  details?: Array<{ issue?: string; description?: string }>;
  error?: string;
  error_description?: string;
}

async function errorOf(response: Response): Promise<PayPalApiError> {
  const body = (await response.json().catch(() => ({}))) as PayPalErrorBody;
  const detail = body.details?.[0];
  return new PayPalApiError(
    response.status,
    body.name ?? body.error ?? `HTTP_${response.status}`,
    detail?.issue ?? null,
    detail?.description ?? body.message ?? body.error_description ?? `PayPal answered ${response.status}`,
  );
}

export interface PayPalApi {
  /**
   * An authenticated JSON request: `body` is sent as is when a string (a webhook event's exact
   * bytes), else as JSON. `requestId` is PayPal's idempotency key (PayPal-Request-Id).
   */
  request<T>(method: 'GET' | 'POST', path: string, options?: { body?: unknown; requestId?: string }): Promise<T>;
}

/**
 * PayPal's REST API over fetch with an OAuth2 client-credentials token, cached until shortly
 * before it expires (one token request at a time; a 401 drops it and retries once).
 */
export function createPayPalApi(settings: PayPalSettings): PayPalApi {
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await fetch(`${settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw await errorOf(response);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function send(method: string, path: string, options: { body?: unknown; requestId?: string }) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      // The whole order in the answer (links, captures), not PayPal's minimal one.
      prefer: 'return=representation',
    };
    if (options.requestId) headers['paypal-request-id'] = options.requestId;
    const body =
      method === 'GET'
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body ?? {});
    return fetch(`${settings.apiBase}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  return {
    async request(method, path, options = {}) {
      let response = await send(method, path, options);
      if (response.status === 401) {
        token = null;
        response = await send(method, path, options);
      }
      if (!response.ok) throw await errorOf(response);
      return (await response.json()) as never;
    },
  };
}

/** Integer cents → PayPal's amount value ("1053.20"), without floating point. */
export function paypalAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
