import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents, UserUpdated } from '@switchboard/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected client that records every `user.updated` it receives. */
interface Client {
  socket: ClientSocket;
  seen: UserUpdated[];
}

/** Long enough for an event that would arrive to have arrived on loopback. */
const QUIET_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('real-time socket: user.updated on a role change', () => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];

  let admin: SignedIn; // workspace A
  let editor: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    admin = await register(t.app, 'roles-admin@example.com', 'Roles Admin');
    await addMember(t.app, admin.userData.workspaceId, 'roles-editor@example.com', 'editor');
    editor = await login(t.app, 'roles-editor@example.com');
    stranger = await register(t.app, 'roles-stranger@example.com', 'Other Workspace');
  });

  afterEach(async () => {
    for (const socket of open.splice(0)) socket.disconnect();
    await sleep(100);
  });

  afterAll(() => t.close());

  async function connectAs(user: SignedIn): Promise<Client> {
    const socket: ClientSocket = connect(url, {
      path: '/socket.io',
      auth: { token: user.accessToken },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    const seen: UserUpdated[] = [];
    socket.on('user.updated', (payload) => seen.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, seen };
  }

  async function waitForEvent(client: Client, timeoutMs = 5_000): Promise<UserUpdated> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (client.seen[0]) return client.seen[0];
      await sleep(20);
    }
    throw new Error('no user.updated arrived');
  }

  const setRole = (by: SignedIn, id: string, role: 'admin' | 'editor') =>
    t.app.inject({ method: 'PATCH', url: `/api/members/${id}`, headers: by.authorization, payload: { role } });

  it('tells every open tab of the changed user their new role, and nobody else', async () => {
    const firstTab = await connectAs(editor);
    const secondTab = await connectAs(editor);
    const changer = await connectAs(admin);
    const outsider = await connectAs(stranger);

    expect((await setRole(admin, editor.userData.id, 'admin')).statusCode).toBe(200);

    for (const tab of [firstTab, secondTab]) {
      const event = await waitForEvent(tab);
      expect(event).toEqual({ userData: { ...editor.userData, userRole: 'admin' } });
    }
    await sleep(QUIET_MS);
    expect(firstTab.seen).toHaveLength(1);
    expect(changer.seen).toEqual([]);
    expect(outsider.seen).toEqual([]);

    expect((await setRole(admin, editor.userData.id, 'editor')).statusCode).toBe(200);
    await sleep(QUIET_MS);
    expect(firstTab.seen.map((e) => e.userData.userRole)).toEqual(['admin', 'editor']);
  });

  it('sends nothing when the role does not change or the change is refused', async () => {
    const tab = await connectAs(editor);
    const adminTab = await connectAs(admin);

    expect((await setRole(admin, editor.userData.id, 'editor')).statusCode).toBe(200);
    expect((await setRole(stranger, editor.userData.id, 'admin')).statusCode).toBe(404);
    expect((await setRole(editor, editor.userData.id, 'admin')).statusCode).toBe(403);
    expect((await setRole(admin, admin.userData.id, 'editor')).statusCode).toBe(409);

    await sleep(QUIET_MS);
    expect(tab.seen).toEqual([]);
    expect(adminTab.seen).toEqual([]);
  });
});
