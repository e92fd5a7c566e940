import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveSafeAddress, type Resolver } from './webhook-address.js';

/** The receiver's answer is kept up to this many bytes (the delivery log's excerpt). */
const EXCERPT_BYTES = 2048;

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface SenderOptions {
  resolver: Resolver;
  allowLoopback: boolean;
  timeoutMs: number;
}

/**
 * `Switchboard-Signature: t=<unix>,v1=<hex>[,v1=<hex>]`: HMAC-SHA256 of `<t>.<body>` with each
 * secret that signs (the current one, and the previous one during a rotation's overlap).
 */
export function signatureHeader(body: string, secrets: string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  return [`t=${unixSeconds}`, ...v1].join(',');
}

/**
 * POSTs one delivery. The host is resolved and every address checked first, then the connection
 * is pinned to the checked address (a `lookup` that answers with it, so TLS still verifies the
 * host name); redirects are never followed (node:http does not), the whole exchange is bounded
 * by `timeoutMs`, and only the first 2 KB of the answer is read.
 */
export async function sendWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: SenderOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let address: string;
  try {
    address = await resolveSafeAddress(url, options.resolver, options.allowLoopback);
  } catch (error) {
    return { ok: false, statusCode: null, durationMs: elapsed(), responseExcerpt: null, error: messageOf(error) };
  }
  const family = address.includes(':') ? 6 : 4;
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise<SendOutcome>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    let finished = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    request.on('error', (error) =>
      finish({ ok: false, statusCode: null, responseExcerpt: null, error: messageOf(error) }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const statusCode = response.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        finish({
          ok,
          statusCode,
          responseExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
          error: ok ? null : `the receiver answered ${statusCode}`,
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
