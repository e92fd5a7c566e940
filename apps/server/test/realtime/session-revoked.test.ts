import type { SessionRevoked } from '@switchboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_MS, sleep, socketClients, waitUntil, workspaceTrio, type Recorder } from '../helpers/socket-clients.js';
import { addMember, createTestApp, login, type SignedIn, type TestApp } from '../helpers/test-app.js';

type Client = Recorder<'session.revoked'>;

describe('real-time socket: session.revoked (then closed) when an admin blocks, deactivates or removes a user', () => {
  let t: TestApp;
  let clients: Awaited<ReturnType<typeof socketClients>>;
  let admin: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B

  beforeAll(async () => {
    t = await createTestApp();
    clients = await socketClients(t);
    ({ admin, stranger } = await workspaceTrio(t, 'revoked'));
  });

  afterEach(() => clients.closeAll());

  afterAll(() => t.close());

  const connectAs = (user: SignedIn): Promise<Client> => clients.connectAs(user, 'session.revoked');
  const waitForEvent = (client: Client): Promise<SessionRevoked> =>
    waitUntil(
      () => client.seen[0],
      () => 'no session.revoked arrived',
      10_000,
    );

  /** A new editor of workspace A, signed in. */
  async function newEditor(email: string): Promise<SignedIn> {
    await addMember(t.app, admin.userData.workspaceId, email, 'editor');
    return login(t.app, email);
  }

  for (const status of ['blocked', 'deactivated'] as const) {
    it(`tells every tab of a ${status} user, and nobody else`, async () => {
      const target = await newEditor(`${status}@revoked.example`);
      const firstTab = await connectAs(target);
      const secondTab = await connectAs(target);
      const adminTab = await connectAs(admin);
      const outsider = await connectAs(stranger);

      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/user-management/users/${target.userData.id}`,
        headers: admin.authorization,
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);

      for (const tab of [firstTab, secondTab]) expect(await waitForEvent(tab)).toEqual({ reason: status });
      // Then the server closes them: no more of the workspace's events reach a revoked session.
      for (const tab of [firstTab, secondTab])
        await waitUntil(
          () => (tab.socket.connected ? undefined : true),
          () => 'still connected',
        );
      await sleep(QUIET_MS);
      expect(adminTab.socket.connected).toBe(true);
      expect(firstTab.seen).toHaveLength(1);
      expect(adminTab.seen).toEqual([]);
      expect(outsider.seen).toEqual([]);
      // The revoked token no longer opens a socket.
      expect(await clients.connectError({ token: target.accessToken })).toBe('UNAUTHENTICATED');
    });
  }

  it('tells a removed user’s tab (reason removed); a refused removal sends nothing', async () => {
    const target = await newEditor('removed@revoked.example');
    const tab = await connectAs(target);
    const adminTab = await connectAs(admin);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/user-management/users/${target.userData.id}`,
      headers: stranger.authorization,
    });
    expect(refused.statusCode).toBe(404);
    await sleep(QUIET_MS);
    expect(tab.seen).toEqual([]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user-management/users/${target.userData.id}`,
      headers: admin.authorization,
    });
    expect(removed.statusCode).toBe(204);
    expect(await waitForEvent(tab)).toEqual({ reason: 'removed' });
    await waitUntil(
      () => (tab.socket.connected ? undefined : true),
      () => 'still connected',
    );
    expect(adminTab.seen).toEqual([]);
  });

  it('a role change through user management reaches the user as user.updated, and the socket stays', async () => {
    const target = await newEditor('promoted@revoked.example');
    const tab = await clients.connectAs(target, 'user.updated');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/user-management/users/${target.userData.id}`,
      headers: admin.authorization,
      payload: { role: 'admin', displayName: 'Promoted' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const event = await waitUntil(
      () => tab.seen[0],
      () => 'no user.updated arrived',
      10_000,
    );
    expect(event.userData).toMatchObject({ id: target.userData.id, userRole: 'admin', displayName: 'Promoted' });
    await sleep(QUIET_MS);
    expect(tab.seen).toHaveLength(1);
    expect(tab.socket.connected).toBe(true);
  });
});
