import type { UserUpdated } from '@switchboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_MS, sleep, socketClients, waitUntil, workspaceTrio, type Recorder } from '../helpers/socket-clients.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

type Client = Recorder<'user.updated'>;

describe('real-time socket: user.updated on a role change', () => {
  let t: TestApp;
  let clients: Awaited<ReturnType<typeof socketClients>>;
  let admin: SignedIn; // workspace A
  let editor: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B

  beforeAll(async () => {
    t = await createTestApp();
    clients = await socketClients(t);
    ({ admin, editor, stranger } = await workspaceTrio(t, 'roles'));
  });

  afterEach(() => clients.closeAll());

  afterAll(() => t.close());

  const connectAs = (user: SignedIn): Promise<Client> => clients.connectAs(user, 'user.updated');

  const waitForEvent = (client: Client, timeoutMs = 5_000): Promise<UserUpdated> =>
    waitUntil(
      () => client.seen[0],
      () => 'no user.updated arrived',
      timeoutMs,
    );

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
