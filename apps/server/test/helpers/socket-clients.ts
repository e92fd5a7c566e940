import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@switchboard/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { addMember, login, register, type SignedIn, type TestApp } from './test-app.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** A connected client that records every event of one name it receives. */
export interface Recorder<E extends EventName> {
  socket: ClientSocket;
  seen: Array<PayloadOf<E>>;
}

/** Long enough for an event that would arrive to have arrived on loopback. */
export const QUIET_MS = 300;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `find` returns a value, or fails with `what` after the timeout. */
export async function waitUntil<T>(find: () => T | undefined, what: () => string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = find();
    if (found !== undefined) return found;
    await sleep(20);
  }
  throw new Error(what());
}

/** Two users of one workspace and one of another, named after the test file's prefix. */
export async function workspaceTrio(t: TestApp, prefix: string) {
  const admin = await register(t.app, `${prefix}-admin@example.com`, `${prefix} admin`);
  await addMember(t.app, admin.userData.workspaceId, `${prefix}-editor@example.com`, 'editor');
  const editor = await login(t.app, `${prefix}-editor@example.com`);
  const stranger = await register(t.app, `${prefix}-stranger@example.com`, 'Other Workspace');
  return { admin, editor, stranger };
}

/**
 * Makes the app listen on a free loopback port and opens real socket.io clients to it.
 * `closeAll` disconnects every client opened so far (call it after each test).
 */
export async function socketClients(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const open: ClientSocket[] = [];

  function rawSocket(auth: Record<string, string>): ClientSocket {
    const socket: ClientSocket = connect(url, {
      path: '/socket.io',
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    return socket;
  }

  async function connectAs<E extends EventName>(user: SignedIn, event: E): Promise<Recorder<E>> {
    const socket = rawSocket({ token: user.accessToken });
    const seen: Array<PayloadOf<E>> = [];
    socket.on(event, ((payload: PayloadOf<E>) => seen.push(payload)) as never);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, seen };
  }

  async function connectError(auth: Record<string, string>): Promise<string> {
    const socket = rawSocket(auth);
    return new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the connection was accepted')));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  }

  async function closeAll() {
    for (const socket of open.splice(0)) socket.disconnect();
    // Let the server process the disconnects so the next test starts with nobody online.
    await sleep(100);
  }

  return { url, rawSocket, connectAs, connectError, closeAll };
}
