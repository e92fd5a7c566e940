import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicAuthOf, readBody, signedWebhook } from './fake-twilio.js';

/** A provider account, as a network's settings hold it. */
export interface CarrierAccount {
  accountSid: string;
  authToken: string;
  /** The network's `apiBaseUrl`. */
  apiBaseUrl: string;
}

/** A message the carrier accepted through its Messages API. */
export interface CarriedMessage {
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  body: string;
  /** When the carrier accepted it (ms since the epoch). */
  at: number;
}

/** An inbound-SMS webhook the carrier posted, and how the subscriber's server answered it. */
export interface WebhookDelivery {
  sid: string;
  url: string;
  status: number;
}

export interface FakeCarrier {
  url: string;
  /** Every message accepted, in order. */
  sent: CarriedMessage[];
  /** Every inbound webhook posted, in order, with the answer's status. */
  deliveries: WebhookDelivery[];
  openAccount(): CarrierAccount;
  /** Gives `number` to an account: messages to it are posted to `smsWebhookUrl`, signed with its auth token. */
  assignNumber(accountSid: string, number: string, smsWebhookUrl: string): void;
  /** Serves `publicOrigin` from `localOrigin` (the reverse proxy in front of the server under test). */
  route(publicOrigin: string, localOrigin: string): void;
  /** Resolves once nothing was sent or delivered for `quietMs` (from now on, at least) and no webhook is on its way. */
  waitUntilQuiet(quietMs: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface Subscriber {
  accountSid: string;
  authToken: string;
  smsWebhookUrl: string;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

function twilioError(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

/**
 * One local carrier behind several Twilio-compatible accounts: a message sent through one
 * account's Messages API to a number of another account arrives there as Twilio delivers it, a
 * signed "A message comes in" webhook to the number's configured URL. Networks talking to each
 * other through it go through the whole channel protocol, both ways.
 */
export async function startFakeCarrier(): Promise<FakeCarrier> {
  const accounts = new Map<string, string>(); // accountSid → authToken
  const numbers = new Map<string, Subscriber>();
  const routes = new Map<string, string>();
  const sent: CarriedMessage[] = [];
  const deliveries: WebhookDelivery[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();

  const reachable = (target: string) => {
    const { origin, pathname, search } = new URL(target);
    return `${routes.get(origin) ?? origin}${pathname}${search}`;
  };

  async function deliver(message: CarriedMessage, to: Subscriber) {
    const params = {
      MessageSid: message.sid,
      AccountSid: to.accountSid,
      From: message.from,
      To: message.to,
      Body: message.body,
      NumMedia: '0',
    };
    const { payload, headers } = signedWebhook(to.smsWebhookUrl, to.authToken, params);
    let status = 0;
    try {
      const response = await fetch(reachable(to.smsWebhookUrl), { method: 'POST', headers, body: payload });
      await response.text();
      status = response.status;
    } finally {
      deliveries.push({ sid: message.sid, url: to.smsWebhookUrl, status });
      lastActivity = Date.now();
      inFlight -= 1;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://carrier').pathname;
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const accountSid = req.method === 'POST' ? MESSAGES_PATH.exec(path)?.[1] : undefined;
    if (!accountSid) return twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
    const auth = basicAuthOf(req);
    if (auth?.username !== accountSid || accounts.get(accountSid) !== auth.password)
      return twilioError(res, 401, 20003, 'Authenticate');
    if (!form.To) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (numbers.get(form.From ?? '')?.accountSid !== accountSid)
      return twilioError(res, 400, 21606, `The 'From' phone number ${form.From} is not a number of your account.`);

    const message = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      from: form.From!,
      to: form.To,
      body: form.Body ?? '',
      at: Date.now(),
    };
    sent.push(message);
    lastActivity = Date.now();
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        sid: message.sid,
        account_sid: accountSid,
        to: message.to,
        from: message.from,
        body: message.body,
        status: 'queued',
        direction: 'outbound-api',
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      }),
    );
    // Numbers elsewhere leave the carrier: accepted, delivered nowhere here.
    const recipient = numbers.get(message.to);
    if (recipient) {
      inFlight += 1;
      // Like the real thing: the webhook goes out after the API answered, not within it.
      setImmediate(() => void deliver(message, recipient).catch(() => undefined));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) twilioError(res, 500, 20500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    sent,
    deliveries,
    openAccount() {
      const account = {
        accountSid: `AC${randomBytes(16).toString('hex')}`,
        authToken: randomBytes(16).toString('hex'),
      };
      accounts.set(account.accountSid, account.authToken);
      return { ...account, apiBaseUrl: url };
    },
    assignNumber(accountSid, number, smsWebhookUrl) {
      const authToken = accounts.get(accountSid);
      if (!authToken) throw new Error(`no carrier account ${accountSid}`);
      numbers.set(number, { accountSid, authToken, smsWebhookUrl });
    },
    route(publicOrigin, localOrigin) {
      routes.set(new URL(publicOrigin).origin, localOrigin.replace(/\/+$/, ''));
    },
    async waitUntilQuiet(quietMs, timeoutMs = 30_000) {
      const started = Date.now();
      const deadline = started + timeoutMs;
      while (inFlight > 0 || Date.now() - Math.max(lastActivity, started) < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`the carrier was still busy after ${timeoutMs} ms (${sent.length} messages sent)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
