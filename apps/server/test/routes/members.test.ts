import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { expectErrorBody, expectNoSecrets } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

interface MemberBody {
  id: string;
  displayName: string;
  email: string;
  role: string;
  status: string;
  photoURL: string | null;
}

describe('/api/members', () => {
  let t: TestApp;
  let admin: SignedIn; // workspace A
  let editor: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B, its admin
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@members.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@members.example', 'editor');
    await addMember(t.app, admin.userData.workspaceId, 'blocked@members.example', 'editor', 'blocked');
    editor = await login(t.app, 'editor@members.example');
    stranger = await register(t.app, 'stranger@other.example', 'Stranger');
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/members', headers });
  const setRole = (headers: Record<string, string>, id: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/members/${id}`, headers, payload: payload as object });
  const roleOf = async (id: string) => {
    const [row] = await t.app.database.db.select({ role: users.role }).from(users).where(eq(users.id, id));
    return row?.role;
  };
  const idOf = async (email: string) => {
    const [row] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };

  describe('GET', () => {
    it('answers 401 without a token and 403 to an editor', async () => {
      expectErrorBody(await list({}), 401, 'UNAUTHENTICATED');
      expectErrorBody(await list(editor.authorization), 403, 'FORBIDDEN');
    });

    it('lists the users of the admin’s workspace only, with public fields only', async () => {
      const response = await list(admin.authorization);
      expect(response.statusCode).toBe(200);
      expectNoSecrets(response);
      const { members } = response.json<{ members: MemberBody[] }>();
      expect(members.map((m) => m.email)).toEqual([
        'blocked@members.example',
        'editor@members.example',
        'owner@members.example',
      ]);
      for (const member of members) {
        expect(Object.keys(member).sort()).toEqual(['displayName', 'email', 'id', 'photoURL', 'role', 'status']);
      }
      expect(members.find((m) => m.email === 'owner@members.example')).toEqual({
        id: admin.userData.id,
        displayName: 'Owner',
        email: 'owner@members.example',
        role: 'admin',
        status: 'active',
        photoURL: null,
      });
      expect(members.find((m) => m.email === 'blocked@members.example')).toMatchObject({ status: 'blocked' });
    });

    it('shows another workspace’s admin only their own people', async () => {
      const { members } = (await list(stranger.authorization)).json<{ members: MemberBody[] }>();
      expect(members.map((m) => m.id)).toEqual([stranger.userData.id]);
    });
  });

  describe('PATCH /:id', () => {
    it('answers 401 without a token and 403 to an editor, changing nothing', async () => {
      expectErrorBody(await setRole({}, editor.userData.id, { role: 'admin' }), 401, 'UNAUTHENTICATED');
      expectErrorBody(await setRole(editor.authorization, editor.userData.id, { role: 'admin' }), 403, 'FORBIDDEN');
      expectErrorBody(await setRole(editor.authorization, admin.userData.id, { role: 'editor' }), 403, 'FORBIDDEN');
      expect(await roleOf(editor.userData.id)).toBe('editor');
      expect(await roleOf(admin.userData.id)).toBe('admin');
    });

    it('answers 404 for a user of another workspace, exactly as for an unknown id, and changes nothing', async () => {
      const foreign = await setRole(admin.authorization, stranger.userData.id, { role: 'editor' });
      const unknown = await setRole(admin.authorization, '00000000-0000-4000-8000-000000000000', { role: 'editor' });
      const foreignBody = expectErrorBody(foreign, 404, 'NOT_FOUND');
      expect(expectErrorBody(unknown, 404, 'NOT_FOUND')).toEqual(foreignBody);
      expect(await roleOf(stranger.userData.id)).toBe('admin');

      expectErrorBody(await setRole(stranger.authorization, editor.userData.id, { role: 'admin' }), 404, 'NOT_FOUND');
      expect(await roleOf(editor.userData.id)).toBe('editor');
    });

    it('refuses a malformed id or role with 400 naming the field', async () => {
      const badId = expectErrorBody(await setRole(admin.authorization, 'not-a-uuid', { role: 'admin' }), 400);
      expect(badId.fields?.[0]?.path).toBe('params.id');
      for (const payload of [{ role: 'owner' }, { role: 'ADMIN' }, {}, { role: null }]) {
        const body = expectErrorBody(await setRole(admin.authorization, editor.userData.id, payload), 400);
        expect(body.fields?.[0]?.path, JSON.stringify(payload)).toBe('body.role');
      }
      expect(await roleOf(editor.userData.id)).toBe('editor');
    });

    it('promotes an editor, whose existing session gets admin rights at once, and demotes them again', async () => {
      const promoted = await setRole(admin.authorization, editor.userData.id, { role: 'admin' });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json()).toEqual({
        member: {
          id: editor.userData.id,
          displayName: 'editor',
          email: 'editor@members.example',
          role: 'admin',
          status: 'active',
          photoURL: null,
        },
      });
      expect((await list(editor.authorization)).statusCode).toBe(200);

      const demoted = await setRole(admin.authorization, editor.userData.id, { role: 'editor' });
      expect(demoted.json()).toMatchObject({ member: { role: 'editor' } });
      expectErrorBody(await list(editor.authorization), 403, 'FORBIDDEN');
    });

    it('answers 200 and changes nothing when the member already has the role', async () => {
      const response = await setRole(admin.authorization, editor.userData.id, { role: 'editor' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ member: { id: editor.userData.id, role: 'editor' } });
    });

    it('changes the role of a blocked member too', async () => {
      const blockedId = await idOf('blocked@members.example');
      expect((await setRole(admin.authorization, blockedId, { role: 'admin' })).json()).toMatchObject({
        member: { role: 'admin', status: 'blocked' },
      });
      expect((await setRole(admin.authorization, blockedId, { role: 'editor' })).statusCode).toBe(200);
    });

    it('refuses to demote the last admin with 409 LAST_ADMIN', async () => {
      const body = expectErrorBody(
        await setRole(admin.authorization, admin.userData.id, { role: 'editor' }),
        409,
        'LAST_ADMIN',
      );
      expect(body.error).toMatch(/last admin/i);
      expect(await roleOf(admin.userData.id)).toBe('admin');
    });

    it('does not count a blocked admin as the one who remains', async () => {
      const owner = await register(t.app, 'owner@blocked-admin.example');
      await addMember(t.app, owner.userData.workspaceId, 'blocked-admin@blocked-admin.example', 'admin', 'blocked');
      expectErrorBody(await setRole(owner.authorization, owner.userData.id, { role: 'editor' }), 409, 'LAST_ADMIN');
      expect(await roleOf(owner.userData.id)).toBe('admin');
    });

    it('lets an admin step down while another admin remains, and then keeps that one', async () => {
      const first = await register(t.app, 'first@two-admins.example');
      await addMember(t.app, first.userData.workspaceId, 'second@two-admins.example', 'admin');
      const second = await login(t.app, 'second@two-admins.example');

      const stepDown = await setRole(first.authorization, first.userData.id, { role: 'editor' });
      expect(stepDown.json()).toMatchObject({ member: { id: first.userData.id, role: 'editor' } });
      expectErrorBody(await setRole(first.authorization, second.userData.id, { role: 'editor' }), 403, 'FORBIDDEN');
      expectErrorBody(await setRole(second.authorization, second.userData.id, { role: 'editor' }), 409, 'LAST_ADMIN');
    });

    it('lets only one of two admins demoting each other at the same moment succeed', async () => {
      const first = await register(t.app, 'first@race.example');
      await addMember(t.app, first.userData.workspaceId, 'second@race.example', 'admin');
      const second = await login(t.app, 'second@race.example');

      const responses = await Promise.all([
        setRole(first.authorization, second.userData.id, { role: 'editor' }),
        setRole(second.authorization, first.userData.id, { role: 'editor' }),
      ]);
      const statuses = responses.map((r) => r.statusCode).sort();
      // The loser is either refused as the last admin or, already demoted, no longer an admin.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await t.app.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.workspaceId, first.userData.workspaceId), eq(users.role, 'admin')));
      expect(admins).toHaveLength(1);
    });
  });
});
