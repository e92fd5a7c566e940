import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeviceStreams, type DeviceStreams } from '../../src/channels/android/device-streams.js';
import { createAndroidNetwork, createListeningTestApp, EventStream } from '../helpers/smsgate-device.js';
import { register } from '../helpers/test-app.js';

/** The stream hub on a bare HTTP server: GET /<networkId>/<deviceId> opens a stream. */
async function serve(streams: DeviceStreams): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const [, networkId, deviceId] = (request.url ?? '').split('/');
    streams.open(networkId!, deviceId!, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function connect(url: string): Promise<EventStream> {
  const controller = new AbortController();
  return new EventStream(await fetch(url, { signal: controller.signal }), controller);
}

describe('the phones’ event streams', () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  });

  it('sends keep-alive comments at its interval', async () => {
    const streams = createDeviceStreams({ keepaliveMs: 30 });
    const served = await serve(streams);
    server = served.server;
    const stream = await connect(`${served.url}/net-1/dev-1`);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.waitForComments(4);
    expect(stream.comments).toEqual(['connected', 'keepalive', 'keepalive', 'keepalive', ...stream.comments.slice(4)]);
    await streams.close();
  });

  it('sends events to the network’s streams only and tracks who is streaming', async () => {
    const streams = createDeviceStreams();
    const changes: string[] = [];
    streams.onChange((networkId) => changes.push(networkId));
    const served = await serve(streams);
    server = served.server;
    const a = await connect(`${served.url}/net-a/dev-1`);
    const b = await connect(`${served.url}/net-b/dev-2`);
    await a.waitForComments(1);
    await b.waitForComments(1);
    expect(streams.isStreaming('net-a')).toBe(true);
    expect(streams.networkIds().sort()).toEqual(['net-a', 'net-b']);

    streams.send('net-a', 'MessageEnqueued');
    expect(await a.next('MessageEnqueued')).toEqual({ event: 'MessageEnqueued', data: null });
    streams.send('net-b', 'WebhooksUpdated');
    await b.next('WebhooksUpdated');
    expect(b.events.map((e) => e.event)).toEqual(['WebhooksUpdated']);

    a.close();
    await expect.poll(() => streams.isStreaming('net-a')).toBe(false);
    expect(changes).toEqual(['net-a', 'net-b', 'net-a']);
    await streams.close();
    await b.ended;
    expect(streams.isStreaming('net-b')).toBe(false);
  });

  it('ends only the streams of devices it is told to drop', async () => {
    const streams = createDeviceStreams();
    const served = await serve(streams);
    server = served.server;
    const old = await connect(`${served.url}/net-1/old-phone`);
    const current = await connect(`${served.url}/net-1/new-phone`);
    await old.waitForComments(1);
    await current.waitForComments(1);

    streams.end('net-1', (deviceId) => deviceId === 'new-phone');
    await old.ended;
    expect(streams.isStreaming('net-1')).toBe(true);
    await streams.close();
  });

  it('does not keep a stream whose phone hung up before it opened', async () => {
    const streams = createDeviceStreams();
    let opened!: () => void;
    const handled = new Promise<void>((resolve) => (opened = resolve));
    server = createServer((_request, response) => {
      // As while the token is looked up: the phone is gone by the time the stream opens.
      setTimeout(() => {
        streams.open('net-1', 'dev-1', response);
        opened();
      }, 100);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(request).rejects.toThrow();
    await handled;
    expect(streams.isStreaming('net-1')).toBe(false);
  });

  it('ends open streams when the server shuts down, so shutting down does not wait on phones', async () => {
    const t = await createListeningTestApp();
    const admin = await register(t.app, 'owner@android-streams.test');
    const { registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    const stream = await phone.openEvents();
    await stream.next('SettingsUpdated');
    // The phone keeps its stream open; without the hub ending it, close() would wait for ever.
    const closing = t.close().then(() => 'closed' as const);
    expect(await Promise.race([closing, sleep(20_000, 'still waiting on the phone', { ref: false })])).toBe('closed');
    expect(await stream.ended).toBe('server');
  });
});
