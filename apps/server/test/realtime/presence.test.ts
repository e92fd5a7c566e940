import type { PresenceChanged } from '@switchboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_MS, sleep, socketClients, waitUntil, workspaceTrio, type Recorder } from '../helpers/socket-clients.js';
import { createTestApp, login, type SignedIn, type TestApp } from '../helpers/test-app.js';

type Client = Recorder<'presence.changed'>;

describe('real-time socket: authentication and presence', () => {
  let t: TestApp;
  let clients: Awaited<ReturnType<typeof socketClients>>;
  let admin: SignedIn; // workspace A
  let editor: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B

  beforeAll(async () => {
    t = await createTestApp();
    clients = await socketClients(t);
    ({ admin, editor, stranger } = await workspaceTrio(t, 'presence'));
  });

  afterEach(() => clients.closeAll());

  afterAll(() => t.close());

  const connectAs = (user: SignedIn): Promise<Client> => clients.connectAs(user, 'presence.changed');
  const connectError = (auth: Record<string, string>) => clients.connectError(auth);

  /** Resolves with the first matching event (already seen or still to come). */
  function waitFor(client: Client, match: Partial<PresenceChanged>, timeoutMs = 5_000): Promise<PresenceChanged> {
    const matches = (event: PresenceChanged) =>
      Object.entries(match).every(([key, value]) => event[key as keyof PresenceChanged] === value);
    return waitUntil(
      () => client.seen.find(matches),
      () => `no presence.changed ${JSON.stringify(match)}; seen: ${JSON.stringify(client.seen)}`,
      timeoutMs,
    );
  }

  const enter = (client: Client, user: SignedIn) =>
    client.socket.emitWithAck('ENTERED', { email: user.userData.email, sessionId: `tab-${Math.random()}` });

  it('refuses a connection without a token', async () => {
    expect(await connectError({})).toBe('UNAUTHENTICATED');
  });

  it('refuses a connection with a bad or forged token', async () => {
    expect(await connectError({ token: 'not-a-jwt' })).toBe('UNAUTHENTICATED');
    const [header, payload] = admin.accessToken.split('.');
    expect(await connectError({ token: `${header}.${payload}.forged-signature` })).toBe('UNAUTHENTICATED');
  });

  it('refuses the token of a signed-out session', async () => {
    const session = await login(t.app, 'presence-admin@example.com');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.authorization });
    expect(response.statusCode).toBeLessThan(300);
    expect(await connectError({ token: session.accessToken })).toBe('UNAUTHENTICATED');
  });

  it('announces ENTERED to the same workspace only', async () => {
    const watcher = await connectAs(editor);
    const outsider = await connectAs(stranger);
    const entering = await connectAs(admin);

    expect(await enter(entering, admin)).toEqual({ ok: true });

    const event = await waitFor(watcher, { userId: admin.userData.id, status: 'online' });
    expect(new Date(event.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await sleep(QUIET_MS);
    expect(outsider.seen).toEqual([]);
  });

  it('refuses ENTERED with an e-mail that is not the signed-in user', async () => {
    const watcher = await connectAs(editor);
    const entering = await connectAs(admin);

    const result = await entering.socket.emitWithAck('ENTERED', {
      email: 'presence-editor@example.com',
      sessionId: 'tab-1',
    });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/e-mail/i);

    const malformed = await entering.socket.emitWithAck('ENTERED', { email: 'not-an-email', sessionId: '' });
    expect(malformed.ok).toBe(false);

    await sleep(QUIET_MS);
    expect(watcher.seen).toEqual([]);
  });

  it('accepts ENTERED whatever the case of the e-mail', async () => {
    const entering = await connectAs(admin);
    const result = await entering.socket.emitWithAck('ENTERED', {
      email: 'Presence-Admin@Example.com',
      sessionId: 'tab-1',
    });
    expect(result).toEqual({ ok: true });
  });

  it('broadcasts presence.set to the workspace and rejects an invalid status', async () => {
    const watcher = await connectAs(editor);
    const outsider = await connectAs(stranger);
    const user = await connectAs(admin);
    await enter(user, admin);
    await waitFor(watcher, { userId: admin.userData.id, status: 'online' });

    expect(await user.socket.emitWithAck('presence.set', { status: 'away' })).toEqual({ ok: true });
    await waitFor(watcher, { userId: admin.userData.id, status: 'away' });

    expect(await user.socket.emitWithAck('presence.set', { status: 'dnd' })).toEqual({ ok: true });
    await waitFor(watcher, { userId: admin.userData.id, status: 'dnd' });

    // 'offline' is the server's to say (the last socket left), not the client's.
    const invalid = await user.socket.emitWithAck('presence.set', { status: 'offline' as 'away' });
    expect(invalid.ok).toBe(false);

    await sleep(QUIET_MS);
    expect(outsider.seen).toEqual([]);
    expect(watcher.seen.map((e) => e.status)).toEqual(['online', 'away', 'dnd']);
  });

  it('goes offline when the last socket of the user leaves, not before', async () => {
    const watcher = await connectAs(editor);
    const firstTab = await connectAs(admin);
    const secondTab = await connectAs(admin);
    await enter(firstTab, admin);
    await enter(secondTab, admin);
    await waitFor(watcher, { userId: admin.userData.id, status: 'online' });

    firstTab.socket.disconnect();
    await sleep(QUIET_MS);
    expect(watcher.seen.filter((e) => e.status === 'offline')).toEqual([]);

    secondTab.socket.disconnect();
    await waitFor(watcher, { userId: admin.userData.id, status: 'offline' });
    // Announced once, not once per tab.
    expect(watcher.seen.map((e) => e.status)).toEqual(['online', 'offline']);
  });

  it('does not announce a user who connected without ENTERED', async () => {
    const watcher = await connectAs(editor);
    const silent = await connectAs(admin);
    silent.socket.disconnect();
    await sleep(QUIET_MS);
    expect(watcher.seen).toEqual([]);
  });
});
