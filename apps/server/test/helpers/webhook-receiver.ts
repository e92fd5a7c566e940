import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Verify = (rawBody: string, header: string, secret: string, toleranceSeconds?: number) => boolean;

/**
 * The README's signature check, run as written: the code block after `<!-- webhook-verify-snippet -->`
 * is saved as a module and imported, so the documented snippet is the one the tests use.
 */
export async function readmeVerifier(): Promise<Verify> {
  const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
  const block = /<!-- webhook-verify-snippet -->\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no webhook verification snippet');
  const file = join(await mkdtemp(join(tmpdir(), 'webhook-snippet-')), 'verify.mjs');
  await writeFile(file, block[1]!);
  const module = (await import(pathToFileURL(file).href)) as { verifySwitchboardSignature: Verify };
  return module.verifySwitchboardSignature;
}

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  url: string;
}

/** How the receiver answers one request: a status, or never (the sender's time-out). */
export type Answer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Answers to give, in order; when empty, `fallback`. */
  answers: Answer[];
  fallback: Answer;
  close(): Promise<void>;
}

/** A local HTTP receiver on 127.0.0.1 that records every request and answers as told. */
export async function startWebhookReceiver(fallback: Answer = 200): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = { received, answers: [], fallback };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), url: request.url ?? '' });
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') return;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : `failure ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as WebhookReceiver;
}

/** A loopback URL nothing listens on (a port taken and given back): connection refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/gone`;
}
