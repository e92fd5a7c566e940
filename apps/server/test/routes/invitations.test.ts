import type { Invitation, InvitationPreview, SessionResponse } from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../../src/db/schema/index.js';
import { hashToken } from '../../src/lib/secure-token.js';
import { expectErrorBody, expectNoSecrets } from '../helpers/expectations.js';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../helpers/mail-catcher.js';
import {
  adminEditorAndStranger,
  createTestApp,
  refreshCookieOf,
  type SignedIn,
  type TestApp,
} from '../helpers/test-app.js';

const PASSWORD = 'a-long-enough-password';

/** The token of the invitation link in a mail (quoted-printable soft breaks undone). */
function tokenOf(mail: CaughtMail): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /\/pages\/accept-invitation\?token=([A-Za-z0-9_%.~-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in the mail:\n${mail.raw}`);
  return decodeURIComponent(match[1]!);
}

describe('invitations', () => {
  let t: TestApp;
  let smtp: MailCatcher;
  let admin: SignedIn; // workspace A
  let editor: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B, its admin
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://sms.example.com' });
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'invite'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (by: SignedIn | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user-management/invitations',
      headers: by?.authorization ?? {},
      payload,
    });
  const list = (by: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/user-management/invitations', headers: by.authorization });
  const resend = (by: SignedIn, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/user-management/invitations/${id}/resend`, headers: by.authorization });
  const revoke = (by: SignedIn, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/user-management/invitations/${id}`, headers: by.authorization });
  const preview = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/invitations/${encodeURIComponent(token)}` });
  const accept = (token: string, displayName = 'New Person') =>
    t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, displayName, password: PASSWORD },
    });

  /** Invites the address (as the workspace's admin) and returns the invitation and the mailed token. */
  async function invited(email: string, role: 'admin' | 'editor' = 'editor', by = admin) {
    const response = await invite(by, { email, role });
    expect(response.statusCode, response.body).toBe(200);
    return {
      invitation: response.json<{ invitation: Invitation }>().invitation,
      token: tokenOf(await smtp.take(email)),
    };
  }

  it('mails a link valid 7 days; the invitee previews it and joins the workspace as an editor, signed in', async () => {
    const before = Date.now();
    const { invitation, token } = await invited('Joiner@Invite.example');
    expect(invitation).toMatchObject({
      email: 'joiner@invite.example',
      role: 'editor',
      state: 'pending',
      invitedBy: 'Owner',
    });
    const ttl = Date.parse(invitation.expiresAt) - before;
    expect(ttl).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(ttl).toBeLessThan(7 * 86_400_000 + 60_000);
    const [row] = await t.app.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.tokenHash).toBe(hashToken(token)); // only the hash is stored

    const shown = await preview(token);
    expect(shown.json<InvitationPreview>()).toEqual({
      workspaceName: 'Owner',
      email: 'joiner@invite.example',
      role: 'editor',
      invitedBy: 'Owner',
      expiresAt: invitation.expiresAt,
    });

    const joined = await accept(token, 'Jo Iner');
    expect(joined.statusCode, joined.body).toBe(200);
    expectNoSecrets(joined);
    const session = joined.json<SessionResponse>();
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'userData']);
    expect(session.userData).toMatchObject({
      email: 'joiner@invite.example',
      displayName: 'Jo Iner',
      userRole: 'editor',
      workspaceId: admin.userData.workspaceId,
    });
    expect(refreshCookieOf(joined)).toMatch(/^sb_refresh=.+/);
    const [user] = await t.app.database.db.select().from(users).where(eq(users.email, 'joiner@invite.example'));
    expect(user?.emailVerifiedAt).not.toBeNull();
    const members = await t.app.inject({ method: 'GET', url: '/api/members', headers: admin.authorization });
    expect(members.body).toContain('joiner@invite.example');
    const asNew = { authorization: `Bearer ${session.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: asNew })).statusCode).toBe(200);
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/members', headers: asNew }), 403, 'FORBIDDEN');
    expect((await list(admin)).json<{ invitations: Invitation[] }>().invitations).toContainEqual(
      expect.objectContaining({ id: invitation.id, state: 'accepted' }),
    );
  });

  it('refuses a used, revoked, expired or unknown link with 400 INVITATION_INVALID saying which', async () => {
    const used = await invited('used@invite.example');
    expect((await accept(used.token)).statusCode).toBe(200);
    expect(expectErrorBody(await accept(used.token), 400, 'INVITATION_INVALID').error).toMatch(/already used/);
    expect(expectErrorBody(await preview(used.token), 400, 'INVITATION_INVALID').error).toMatch(/already used/);

    const revoked = await invited('revoked@invite.example');
    const revokedAnswer = await revoke(admin, revoked.invitation.id);
    expect(revokedAnswer.json<{ invitation: Invitation }>().invitation.state).toBe('revoked');
    expect(expectErrorBody(await accept(revoked.token), 400, 'INVITATION_INVALID').error).toMatch(/withdrawn/);

    const expired = await invited('expired@invite.example');
    await t.app.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.invitation.id));
    expect(expectErrorBody(await preview(expired.token), 400, 'INVITATION_INVALID').error).toMatch(/expired/);
    expect(expectErrorBody(await accept(expired.token), 400, 'INVITATION_INVALID').error).toMatch(/expired/);
    expect((await list(admin)).json<{ invitations: Invitation[] }>().invitations).toContainEqual(
      expect.objectContaining({ id: expired.invitation.id, state: 'expired' }),
    );

    expect(expectErrorBody(await accept('x'.repeat(43)), 400, 'INVITATION_INVALID').error).toMatch(/not valid/);
    // Which, for the accept page's message in the user's language.
    for (const [token, problem] of [
      [used.token, 'accepted'],
      [revoked.token, 'revoked'],
      [expired.token, 'expired'],
      ['x'.repeat(43), 'unknown'],
    ]) {
      expect((await preview(token!)).json()).toMatchObject({ code: 'INVITATION_INVALID', invitationProblem: problem });
    }
    expectErrorBody(await accept('short'), 400, 'VALIDATION_FAILED');
    for (const email of ['revoked@invite.example', 'expired@invite.example']) {
      expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('resends with a new link and expiry (the old link stops working); an expired one can be resent', async () => {
    const first = await invited('resend@invite.example', 'admin');
    await t.app.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, first.invitation.id));
    const response = await resend(admin, first.invitation.id);
    expect(response.statusCode, response.body).toBe(200);
    const renewed = response.json<{ invitation: Invitation }>().invitation;
    expect(renewed.state).toBe('pending');
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const token = tokenOf(await smtp.take('resend@invite.example'));
    expect(token).not.toBe(first.token);
    expectErrorBody(await accept(first.token), 400, 'INVITATION_INVALID');
    const joined = await accept(token);
    expect(joined.json<SessionResponse>().userData.userRole).toBe('admin');
    expect(expectErrorBody(await resend(admin, first.invitation.id), 400, 'INVITATION_INVALID').error).toMatch(/used/);
    expect(expectErrorBody(await revoke(admin, first.invitation.id), 400, 'INVITATION_INVALID').error).toMatch(/used/);
  });

  it('inviting an address again renews its open invitation instead of adding one', async () => {
    const first = await invited('twice@invite.example', 'editor');
    const again = await invited('TWICE@invite.example', 'admin');
    expect(again.invitation.id).toBe(first.invitation.id);
    expect(again.invitation.role).toBe('admin');
    expectErrorBody(await accept(first.token), 400, 'INVITATION_INVALID');
    const rows = await t.app.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'twice@invite.example'));
    expect(rows).toHaveLength(1);
    // A revoked one is not renewed: a new invite is a new invitation.
    await revoke(admin, first.invitation.id);
    const fresh = await invited('twice@invite.example');
    expect(fresh.invitation.id).not.toBe(first.invitation.id);
  });

  it('refuses an address that has an account (409 EMAIL_IN_USE) and bad bodies (400)', async () => {
    expectErrorBody(await invite(admin, { email: 'owner@other-invite.example', role: 'editor' }), 409, 'EMAIL_IN_USE');
    expectErrorBody(await invite(admin, { email: 'EDITOR@invite.example', role: 'editor' }), 409, 'EMAIL_IN_USE');
    for (const [payload, path] of [
      [{ email: 'not-an-address', role: 'editor' }, 'body.email'],
      [{ email: 'ok@invite.example', role: 'owner' }, 'body.role'],
      [{ role: 'editor' }, 'body.email'],
    ] as const) {
      expect(expectErrorBody(await invite(admin, payload), 400).fields?.[0]?.path).toBe(path);
    }
    const { token } = await invited('weak@invite.example');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, displayName: 'Weak', password: 'short' },
    });
    expect(expectErrorBody(weak, 400, 'VALIDATION_FAILED').fields?.[0]?.path).toBe('body.password');
  });

  it('is for admins of the workspace only: 401, editors 403, another workspace’s invitation 404', async () => {
    expectErrorBody(await invite(null, { email: 'x@invite.example', role: 'editor' }), 401, 'UNAUTHENTICATED');
    expectErrorBody(await invite(editor, { email: 'x@invite.example', role: 'editor' }), 403, 'FORBIDDEN');
    expectErrorBody(await list(editor), 403, 'FORBIDDEN');
    const mine = await invited('isolated@invite.example');
    expectErrorBody(await resend(editor, mine.invitation.id), 403, 'FORBIDDEN');
    expectErrorBody(await resend(stranger, mine.invitation.id), 404, 'NOT_FOUND');
    expectErrorBody(await revoke(stranger, mine.invitation.id), 404, 'NOT_FOUND');
    expectErrorBody(await revoke(admin, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expect(expectErrorBody(await revoke(admin, 'nope'), 400).fields?.[0]?.path).toBe('params.id');
    expect((await list(stranger)).json<{ invitations: Invitation[] }>().invitations).toEqual([]);
    expect((await preview(mine.token)).statusCode).toBe(200); // untouched
  });

  it('makes one account of two accepts of one link at the same moment', async () => {
    const { token } = await invited('race@invite.example');
    const answers = await Promise.all([accept(token, 'First'), accept(token, 'Second')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expectErrorBody(
      answers.find((a) => a.statusCode === 400)!,
      400,
      'INVITATION_INVALID',
    );
    expect(await t.app.database.db.select().from(users).where(eq(users.email, 'race@invite.example'))).toHaveLength(1);
  });

  it('keeps the invitation when its admin is removed (invitedBy becomes null)', async () => {
    const { invitation } = await invited('orphan@invite.example', 'editor', admin);
    const second = await invited('second-admin@invite.example', 'admin');
    const joined = (await accept(second.token, 'Second Admin')).json<SessionResponse>();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user-management/users/${admin.userData.id}`,
      headers: { authorization: `Bearer ${joined.accessToken}` },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user-management/invitations',
      headers: { authorization: `Bearer ${joined.accessToken}` },
    });
    expect(listed.json<{ invitations: Invitation[] }>().invitations).toContainEqual(
      expect.objectContaining({ id: invitation.id, invitedBy: null, state: 'pending' }),
    );
  });
});
