import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/** One request the fake received, as the provider would see it. */
export interface FakeTwilioRequest {
  method: string;
  path: string;
  /** Basic auth as sent, or null. */
  auth: { username: string; password: string } | null;
  form: Record<string, string>;
  at: number;
}

/** An answer the fake gives instead of its normal one: Twilio's error JSON, or plain text when `code` is null. */
export interface FakeTwilioFailure {
  status: number;
  code?: number | null;
  message?: string;
  /** Retry-After header value. */
  retryAfter?: string;
}

export interface FakeTwilio {
  /** Base URL for a network's `apiBaseUrl`. */
  url: string;
  accountSid: string;
  authToken: string;
  requests: FakeTwilioRequest[];
  /** Requests to Messages.json only. */
  messageRequests(): FakeTwilioRequest[];
  /** The next `count` requests get this answer (after the credentials check passes). */
  failNext(count: number, failure: FakeTwilioFailure): void;
  /** The next `count` requests wait this long before answering (timeouts). */
  delayNext(count: number, ms: number): void;
  /** Message requests get no answer until the returned function is called (sends in flight). */
  holdAnswers(): () => void;
  /** Serves `content` as recording `recordingSid` (MP3 at `<RecordingUrl>.mp3`); returns the RecordingUrl. */
  addRecording(recordingSid: string, content: Buffer): string;
  /** Requests for recordings only. */
  recordingRequests(): FakeTwilioRequest[];
  /** Resolves once `count` message requests arrived in all. */
  waitForMessages(count: number, timeoutMs?: number): Promise<FakeTwilioRequest[]>;
  reset(): void;
  close(): Promise<void>;
}

const ERROR_INFO = 'https://www.twilio.com/docs/errors';

function twilioError(res: ServerResponse, status: number, code: number | null, message: string, retryAfter?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
  res.writeHead(status, headers);
  res.end(code === null ? message : JSON.stringify({ code, message, more_info: `${ERROR_INFO}/${code}`, status }));
}

/** The Basic credentials of a request, as the Twilio API reads them. */
export function basicAuthOf(req: IncomingMessage): FakeTwilioRequest['auth'] {
  const [scheme, value] = (req.headers.authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !value) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for Twilio's REST API (Messages.json, the account resource, recordings): checks Basic
 * auth, records what it was sent, and answers like Twilio, including its error JSON on demand.
 */
export async function startFakeTwilio(
  credentials = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') },
): Promise<FakeTwilio> {
  const requests: FakeTwilioRequest[] = [];
  const failures: FakeTwilioFailure[] = [];
  const delays: number[] = [];
  let held: Promise<void> | null = null;
  const waiters = new Set<() => void>();
  const accountPath = `/2010-04-01/Accounts/${credentials.accountSid}`;
  const recordings = new Map<string, Buffer>();
  const recordingPath = /^\/2010-04-01\/Accounts\/[^/]+\/Recordings\/([^/.]+)\.mp3$/;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const auth = basicAuthOf(req);
    const request: FakeTwilioRequest = { method: req.method ?? '', path, auth, form, at: Date.now() };
    requests.push(request);
    for (const wake of waiters) wake();

    const delay = delays.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const isMessages = req.method === 'POST' && path === `${accountPath}/Messages.json`;
    if (isMessages && held) await held;
    if (res.destroyed) return;

    const isAccount = req.method === 'GET' && path === `${accountPath}.json`;
    const recordingSid =
      req.method === 'GET' && path.startsWith(`${accountPath}/`) ? recordingPath.exec(path)?.[1] : undefined;
    const recording = recordingSid ? recordings.get(recordingSid) : undefined;
    if (!isMessages && !isAccount && !recording) {
      return twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
    }
    if (auth?.username !== credentials.accountSid || auth.password !== credentials.authToken) {
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    const failure = failures.shift();
    if (failure) {
      const message = failure.message ?? `Fake failure ${failure.status}`;
      const code = failure.code === undefined ? 20_000 + failure.status : failure.code;
      return twilioError(res, failure.status, code, message, failure.retryAfter);
    }
    if (recording) {
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(recording.length) });
      res.end(recording);
      return;
    }
    res.writeHead(isMessages ? 201 : 200, { 'content-type': 'application/json' });
    if (isAccount) {
      res.end(JSON.stringify({ sid: credentials.accountSid, friendly_name: 'Fake account', status: 'active' }));
      return;
    }
    if (!form.To) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    const sid = `SM${randomBytes(16).toString('hex')}`;
    res.end(
      JSON.stringify({
        sid,
        account_sid: credentials.accountSid,
        to: form.To,
        from: form.From,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: new Date().toUTCString(),
        uri: `${accountPath}/Messages/${sid}.json`,
      }),
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) twilioError(res, 500, 20500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const messageRequests = () => requests.filter((r) => r.path.endsWith('/Messages.json'));

  return {
    url: `http://127.0.0.1:${port}`,
    ...credentials,
    requests,
    messageRequests,
    addRecording(recordingSid, content) {
      recordings.set(recordingSid, content);
      return `http://127.0.0.1:${port}${accountPath}/Recordings/${recordingSid}`;
    },
    recordingRequests: () => requests.filter((r) => r.path.includes('/Recordings/')),
    failNext(count, failure) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    delayNext(count, ms) {
      for (let i = 0; i < count; i += 1) delays.push(ms);
    },
    holdAnswers() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    waitForMessages(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messageRequests().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messageRequests());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake Twilio got ${messageRequests().length} of ${count} message requests`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
      delays.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What Twilio posts to a webhook URL: the form body, signed with the account's auth token over
 * the full URL and the sorted parameters (ready to spread into `app.inject`).
 */
export function signedWebhook(url: string, authToken: string, params: Record<string, string>) {
  return {
    payload: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params),
      'user-agent': 'TwilioProxy/1.1',
    },
  };
}
