import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoleInstanceBus } from '../../src/cluster/cluster-bus.js';
import { sessions, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/auth/password.js';
import { TEST_PASSWORD } from '../helpers/test-app.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

/**
 * The per-request session look-up is cached in process; what revokes a session or changes its
 * user forgets it here at once, and on the other instances through 'sessions.revoked' (simulated
 * here as if another instance had sent it: the change is made in the database behind the
 * service's back, as another instance would).
 */
describe('the session cache', () => {
  const bus = createSoleInstanceBus();
  let t: TestServices;
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestServices({ start: false, bus });
    ({ workspaceId } = await t.workspace());
  });
  afterAll(() => t?.close());

  async function signIn(role: 'admin' | 'editor' = 'editor') {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@session-cache.test`;
    const user = await t.services.users.insert({
      workspaceId,
      email,
      displayName: 'Member',
      role,
      passwordHash: await hashPassword(TEST_PASSWORD),
    });
    const session = await t.services.auth.login({ email, password: TEST_PASSWORD }, undefined);
    if (!session || !('accessToken' in session)) throw new Error('could not sign in');
    const auth = await t.services.auth.authenticate(session.accessToken);
    if (!auth) throw new Error('not authenticated');
    return { userId: user.id, sessionId: auth.sessionId, ...session };
  }

  it('answers from memory: a revocation written elsewhere is not seen until its notice', async () => {
    const caller = await signIn();
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, caller.sessionId));
    expect(await t.services.auth.authenticate(caller.accessToken)).not.toBeNull();

    bus.simulate('sessions.revoked', { sessionIds: [caller.sessionId] });
    expect(await t.services.auth.authenticate(caller.accessToken)).toBeNull();
  });

  it('forgets every session of a user on a notice naming the user (a role changed elsewhere)', async () => {
    const caller = await signIn('editor');
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, caller.userId));
    expect((await t.services.auth.authenticate(caller.accessToken))?.role).toBe('editor');

    bus.simulate('sessions.revoked', { userId: caller.userId });
    expect((await t.services.auth.authenticate(caller.accessToken))?.role).toBe('admin');
  });

  it('refuses the token at once after a logout on this instance', async () => {
    const caller = await signIn();
    await t.services.auth.logout(undefined, caller.sessionId);
    expect(await t.services.auth.authenticate(caller.accessToken)).toBeNull();
  });

  it('refuses the token at once when a reused refresh token revokes its family', async () => {
    const caller = await signIn();
    await t.services.auth.refresh(caller.refreshToken);
    await expect(t.services.auth.refresh(caller.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    expect(await t.services.auth.authenticate(caller.accessToken)).toBeNull();
  });

  it('judges the next request by the new role at once after a role change on this instance', async () => {
    const caller = await signIn('editor');
    await t.services.members.changeRole(workspaceId, caller.userId, 'admin');
    expect((await t.services.auth.authenticate(caller.accessToken))?.role).toBe('admin');
    await t.services.members.changeRole(workspaceId, caller.userId, 'editor');
    expect((await t.services.auth.authenticate(caller.accessToken))?.role).toBe('editor');
  });

  it('signs the user out everywhere at once after a password reset', async () => {
    const caller = await signIn();
    const { passwordResets } = await import('../../src/db/schema/index.js');
    const { hashToken } = await import('../../src/lib/secure-token.js');
    await t.db
      .insert(passwordResets)
      .values({ userId: caller.userId, tokenHash: hashToken('reset-token'), expiresAt: new Date(Date.now() + 60_000) });
    await t.services.auth.resetPassword('reset-token', 'a-new-password-123');
    expect(await t.services.auth.authenticate(caller.accessToken)).toBeNull();
  });
});
