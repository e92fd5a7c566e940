import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProvider {
  url: string;
  /** Sends it accepted so far. */
  accepted(): number;
  close(): void;
}

/**
 * A provider's Messages API (Twilio-compatible) on loopback that accepts every send, standing in
 * for the outside provider an HTTP network sends through.
 */
export async function startFakeProvider(): Promise<FakeProvider> {
  let accepted = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      accepted += 1;
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: `SMsent${accepted}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    close: () => server.close(),
  };
}
