import type { TeamUser } from '@switchboard/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workspaceAuditLog } from '../../src/db/schema/index.js';
import { expectErrorBody } from '../helpers/expectations.js';
import {
  addMember,
  createTestApp,
  login,
  register,
  TEST_PASSWORD,
  type SignedIn,
  type TestApp,
} from '../helpers/test-app.js';

/** Role, status and removal through user management: the last-admin rule and the sessions they end. */
describe('/api/user-management/users/:id: role, status, removal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (by: SignedIn, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/user-management/users/${id}`, headers: by.authorization, payload });
  const remove = (by: SignedIn, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/user-management/users/${id}`, headers: by.authorization });
  const me = (user: SignedIn) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.authorization });
  const refresh = (user: SignedIn) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: user.refreshCookie } });
  const loginAs = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });

  /** A workspace with its owner (admin) and an editor, both signed in. */
  async function team(name: string) {
    const admin = await register(t.app, `owner@${name}.example`, 'Owner');
    await addMember(t.app, admin.userData.workspaceId, `editor@${name}.example`, 'editor');
    const editor = await login(t.app, `editor@${name}.example`);
    return { admin, editor };
  }

  for (const status of ['blocked', 'deactivated'] as const) {
    it(`${status}: the user's access token stops at once, the refresh fails, sign-in is refused; reactivating lets them in again`, async () => {
      const { admin, editor } = await team(`${status}-user`);
      const otherTab = await login(t.app, `editor@${status}-user.example`);
      expect((await me(editor)).statusCode).toBe(200); // cached in the session cache now

      const response = await patch(admin, editor.userData.id, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ user: TeamUser }>().user.status).toBe(status);

      for (const tab of [editor, otherTab]) {
        expectErrorBody(await me(tab), 401, 'UNAUTHENTICATED');
        expectErrorBody(await refresh(tab), 401, 'INVALID_REFRESH_TOKEN');
      }
      expectErrorBody(await loginAs(`editor@${status}-user.example`), 403, 'ACCOUNT_DISABLED');
      expect((await me(admin)).statusCode).toBe(200);

      expect((await patch(admin, editor.userData.id, { status: 'active' })).statusCode).toBe(200);
      expectErrorBody(await refresh(editor), 401, 'INVALID_REFRESH_TOKEN'); // revoked sessions stay revoked
      expect((await loginAs(`editor@${status}-user.example`)).statusCode).toBe(200);

      const audit = await t.app.database.db
        .select({
          action: workspaceAuditLog.action,
          details: workspaceAuditLog.details,
          userId: workspaceAuditLog.userId,
        })
        .from(workspaceAuditLog)
        .where(
          and(eq(workspaceAuditLog.workspaceId, admin.userData.workspaceId), like(workspaceAuditLog.action, 'team.%')),
        );
      expect(audit).toEqual([
        {
          action: 'team.status-changed',
          userId: admin.userData.id,
          details: { userId: editor.userData.id, from: 'active', to: status },
        },
        {
          action: 'team.status-changed',
          userId: admin.userData.id,
          details: { userId: editor.userData.id, from: status, to: 'active' },
        },
      ]);
    });
  }

  it('a demoted admin loses admin rights at once', async () => {
    const { admin } = await team('demote');
    await addMember(t.app, admin.userData.workspaceId, 'second@demote.example', 'admin');
    const second = await login(t.app, 'second@demote.example');
    expect((await patch(second, admin.userData.id, { role: 'editor' })).statusCode).toBe(200);
    expectErrorBody(await patch(admin, second.userData.id, { role: 'editor' }), 403, 'FORBIDDEN');
    expect((await me(admin)).json()).toMatchObject({ userData: { userRole: 'editor' } });
  });

  it('the last active admin can’t be demoted, blocked, deactivated or removed, not by themselves either', async () => {
    const { admin, editor } = await team('last-admin');
    await addMember(t.app, admin.userData.workspaceId, 'blocked-admin@last-admin.example', 'admin', 'blocked');
    for (const payload of [
      { role: 'editor' },
      { status: 'blocked' },
      { status: 'deactivated' },
      { role: 'editor', status: 'active' },
    ]) {
      const body = expectErrorBody(await patch(admin, admin.userData.id, payload), 409, 'LAST_ADMIN');
      expect(body.error).toMatch(/last admin/i);
    }
    expectErrorBody(await remove(admin, admin.userData.id), 409, 'LAST_ADMIN');
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, admin.userData.id));
    expect(row).toMatchObject({ role: 'admin', status: 'active' });
    // A profile change of the last admin is fine, and so is any change of the others.
    expect((await patch(admin, admin.userData.id, { displayName: 'Still Owner', role: 'admin' })).statusCode).toBe(200);
    expect((await patch(admin, editor.userData.id, { status: 'blocked' })).statusCode).toBe(200);
  });

  it('only one of two admins blocking each other at the same moment succeeds', async () => {
    const { admin } = await team('block-race');
    await addMember(t.app, admin.userData.workspaceId, 'second@block-race.example', 'admin');
    const second = await login(t.app, 'second@block-race.example');
    const responses = await Promise.all([
      patch(admin, second.userData.id, { status: 'blocked' }),
      patch(second, admin.userData.id, { status: 'blocked' }),
    ]);
    // The loser is refused as the last admin or, already blocked, no longer signed in.
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect([401, 409]).toContain(responses.map((r) => r.statusCode).sort()[1]);
    const active = await t.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.workspaceId, admin.userData.workspaceId), eq(users.role, 'admin'), eq(users.status, 'active')),
      );
    expect(active).toHaveLength(1);
  });

  describe('DELETE', () => {
    it('removes a member: the account is gone, their token stops, their address can sign up again', async () => {
      const { admin, editor } = await team('remove');
      const response = await remove(admin, editor.userData.id);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expectErrorBody(await me(editor), 401, 'UNAUTHENTICATED');
      expectErrorBody(await refresh(editor), 401, 'INVALID_REFRESH_TOKEN');
      expect(await t.app.database.db.select().from(users).where(eq(users.id, editor.userData.id))).toEqual([]);
      expectErrorBody(await remove(admin, editor.userData.id), 404, 'NOT_FOUND');
      const audit = await t.app.database.db
        .select({ action: workspaceAuditLog.action, details: workspaceAuditLog.details })
        .from(workspaceAuditLog)
        .where(eq(workspaceAuditLog.workspaceId, admin.userData.workspaceId));
      expect(audit).toContainEqual({
        action: 'team.user-removed',
        details: { userId: editor.userData.id, email: 'editor@remove.example', displayName: 'editor', role: 'editor' },
      });
      expect((await register(t.app, 'editor@remove.example')).userData.userRole).toBe('admin');
    });

    it('answers 403 to an editor and 404 for another workspace’s user, removing nothing', async () => {
      const { admin, editor } = await team('remove-guard');
      const { admin: stranger } = await team('remove-guard-other');
      expectErrorBody(await remove(editor, admin.userData.id), 403, 'FORBIDDEN');
      expectErrorBody(await remove(stranger, editor.userData.id), 404, 'NOT_FOUND');
      expectErrorBody(await remove(admin, stranger.userData.id), 404, 'NOT_FOUND');
      expect((await me(editor)).statusCode).toBe(200);
      expect((await me(stranger)).statusCode).toBe(200);
    });

    it('lets an admin leave (remove themselves) while another active admin remains', async () => {
      const { admin } = await team('leave');
      await addMember(t.app, admin.userData.workspaceId, 'second@leave.example', 'admin');
      const second = await login(t.app, 'second@leave.example');
      expect((await remove(admin, admin.userData.id)).statusCode).toBe(204);
      expectErrorBody(await me(admin), 401, 'UNAUTHENTICATED');
      expectErrorBody(await remove(second, second.userData.id), 409, 'LAST_ADMIN');
    });
  });
});
