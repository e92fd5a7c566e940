import { PublicUserSchema, TeamUserSchema, type TeamUser, type UsersPage } from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { expectErrorBody, expectNoSecrets } from '../helpers/expectations.js';
import { addMember, adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('/api/user-management/users and /api/users/:id', () => {
  let t: TestApp;
  let admin: SignedIn; // workspace A
  let editor: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B, its admin
  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'team-users'));
    const workspaceId = admin.userData.workspaceId;
    for (let i = 1; i <= 12; i += 1)
      await addMember(t.app, workspaceId, `m${String(i).padStart(2, '0')}@team-users.example`, 'editor');
    await addMember(t.app, workspaceId, 'blocked@team-users.example', 'editor', 'blocked');
    await addMember(t.app, workspaceId, 'second-admin@team-users.example', 'admin');
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
  const patch = (headers: Record<string, string>, id: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/user-management/users/${id}`, headers, payload: payload as object });
  const page = async (query: string) => {
    const response = await get(admin.authorization, `/api/user-management/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UsersPage>();
  };

  describe('GET /api/user-management/users', () => {
    it('answers 401 without a token and 403 to an editor', async () => {
      expectErrorBody(await get({}, '/api/user-management/users'), 401, 'UNAUTHENTICATED');
      expectErrorBody(await get(editor.authorization, '/api/user-management/users'), 403, 'FORBIDDEN');
    });

    it('pages the workspace’s users by name with every §3 field and nothing secret', async () => {
      const response = await get(admin.authorization, '/api/user-management/users');
      expectNoSecrets(response);
      const first = response.json<UsersPage>();
      expect(first).toMatchObject({ total: 16, page: 1, perPage: 10 });
      expect(first.users).toHaveLength(10);
      for (const user of first.users) {
        expect(Object.keys(user).sort()).toEqual(Object.keys(TeamUserSchema.shape).sort());
        expect(TeamUserSchema.parse(user)).toEqual(user);
      }
      const names = first.users.map((u) => u.displayName.toLowerCase());
      expect(names).toEqual([...names].sort());
      const second = await page('page=2&perPage=10');
      expect(second.users).toHaveLength(6);
      expect(second.users.map((u) => u.id)).not.toContain(first.users[0]!.id);
      const owner = [...first.users, ...second.users].find((u) => u.id === admin.userData.id)!;
      expect(owner).toMatchObject({
        email: 'owner@team-users.example',
        role: 'admin',
        status: 'active',
        isVerified: false,
        twoFactorEnabled: false,
        languagesKnown: [],
        location: {},
        permissions: { users: { read: true, write: true, create: true, delete: true } },
      });
      expect(owner.lastActiveAt).not.toBeNull(); // signed in by register
    });

    it('searches name, e-mail and username, and filters by role and status', async () => {
      expect((await page('q=M0')).users.map((u) => u.email)).toHaveLength(9);
      expect((await page('q=m12%40team')).users.map((u) => u.email)).toEqual(['m12@team-users.example']);
      expect((await page('q=%25')).total).toBe(0); // wildcards taken literally
      await patch(admin.authorization, editor.userData.id, { username: 'Ed.Itor' });
      expect((await page('q=ED.IT')).users.map((u) => u.id)).toEqual([editor.userData.id]);
      expect((await page('role=admin')).users.map((u) => u.email).sort()).toEqual([
        'owner@team-users.example',
        'second-admin@team-users.example',
      ]);
      expect((await page('status=blocked')).users.map((u) => u.email)).toEqual(['blocked@team-users.example']);
      expect((await page('role=editor&status=active')).total).toBe(13);
    });

    it('refuses bad query values with 400 naming the field', async () => {
      for (const [query, path] of [
        ['perPage=7', 'querystring.perPage'],
        ['page=0', 'querystring.page'],
        ['role=owner', 'querystring.role'],
        ['status=gone', 'querystring.status'],
      ]) {
        const body = expectErrorBody(await get(admin.authorization, `/api/user-management/users?${query}`), 400);
        expect(body.fields?.[0]?.path, query).toBe(path);
      }
    });

    it('shows another workspace’s admin only their own people', async () => {
      const response = await get(stranger.authorization, '/api/user-management/users');
      expect(response.json<UsersPage>().users.map((u) => u.id)).toEqual([stranger.userData.id]);
    });
  });

  describe('GET /api/user-management/users/:id', () => {
    it('answers one user to an admin, 403 to an editor, 404 for another workspace’s user as for an unknown id', async () => {
      const response = await get(admin.authorization, `/api/user-management/users/${editor.userData.id}`);
      expect(response.json<{ user: TeamUser }>().user).toMatchObject({ id: editor.userData.id, role: 'editor' });
      expectErrorBody(await get(editor.authorization, `/api/user-management/users/${admin.userData.id}`), 403);
      const foreign = expectErrorBody(
        await get(admin.authorization, `/api/user-management/users/${stranger.userData.id}`),
        404,
        'NOT_FOUND',
      );
      const unknown = expectErrorBody(await get(admin.authorization, `/api/user-management/users/${UNKNOWN_ID}`), 404);
      expect(unknown).toEqual(foreign);
      const bad = expectErrorBody(await get(admin.authorization, '/api/user-management/users/nope'), 400);
      expect(bad.fields?.[0]?.path).toBe('params.id');
    });
  });

  describe('GET /api/users/:id', () => {
    it('answers a colleague’s public profile to any member, and 404 across workspaces', async () => {
      const response = await get(editor.authorization, `/api/users/${admin.userData.id}`);
      expect(response.statusCode).toBe(200);
      const { user } = response.json<{ user: Record<string, unknown> }>();
      expect(Object.keys(user).sort()).toEqual(Object.keys(PublicUserSchema.shape).sort());
      expect(user).toMatchObject({ id: admin.userData.id, displayName: 'Owner', role: 'admin' });
      expect(response.body).not.toContain('owner@team-users.example');
      expectErrorBody(await get(editor.authorization, `/api/users/${stranger.userData.id}`), 404, 'NOT_FOUND');
      expectErrorBody(await get(stranger.authorization, `/api/users/${editor.userData.id}`), 404, 'NOT_FOUND');
      expectErrorBody(await get(editor.authorization, `/api/users/${UNKNOWN_ID}`), 404, 'NOT_FOUND');
      expectErrorBody(await get({}, `/api/users/${admin.userData.id}`), 401, 'UNAUTHENTICATED');
      expectErrorBody(await get(editor.authorization, '/api/users/123'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('PATCH /api/user-management/users/:id (profile fields)', () => {
    it('stores the §3 fields, merging location and social links', async () => {
      const first = await patch(admin.authorization, editor.userData.id, {
        displayName: 'Edith Editor',
        dob: '1990-04-01',
        gender: 'female',
        mobile: '+1 555 0100',
        website: 'https://edith.example',
        languagesKnown: ['English', 'French'],
        contactOptions: ['email', 'phone', 'email'],
        department: 'sales',
        location: { city: 'Lyon', country: 'France' },
        socialLinks: { github: 'https://github.com/edith', twitter: 'https://x.com/edith' },
      });
      expect(first.statusCode, first.body).toBe(200);
      const second = await patch(admin.authorization, editor.userData.id, {
        website: '',
        location: { city: null, postCode: '69001' },
        socialLinks: { twitter: '' },
      });
      expect(second.json<{ user: TeamUser }>().user).toMatchObject({
        displayName: 'Edith Editor',
        dob: '1990-04-01',
        gender: 'female',
        website: null,
        languagesKnown: ['English', 'French'],
        contactOptions: ['email', 'phone'],
        department: 'sales',
        location: { country: 'France', postCode: '69001' },
        socialLinks: { github: 'https://github.com/edith' },
      });
      expect(second.json<{ user: TeamUser }>().user.location).not.toHaveProperty('city');
    });

    it('refuses invalid fields with 400 naming them, and changes nothing', async () => {
      for (const [payload, path] of [
        [{ username: 'no spaces' }, 'body.username'],
        [{ dob: '1990-13-01' }, 'body.dob'],
        [{ gender: 'robot' }, 'body.gender'],
        [{ department: 'legal' }, 'body.department'],
        [{ displayName: '' }, 'body.displayName'],
        [{ role: 'owner' }, 'body.role'],
        [{ status: 'deleted' }, 'body.status'],
        [{ socialLinks: { github: 'not a url' } }, 'body.socialLinks.github'],
      ] as const) {
        const body = expectErrorBody(await patch(admin.authorization, editor.userData.id, payload), 400);
        expect(body.fields?.[0]?.path, JSON.stringify(payload)).toBe(path);
      }
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, editor.userData.id));
      expect(row).toMatchObject({ gender: 'female', department: 'sales' });
    });

    it('keeps usernames unique across workspaces whatever the case (409 USERNAME_TAKEN)', async () => {
      expect((await patch(stranger.authorization, stranger.userData.id, { username: 'taken.name' })).statusCode).toBe(
        200,
      );
      const body = expectErrorBody(
        await patch(admin.authorization, editor.userData.id, { username: 'TAKEN.name' }),
        409,
      );
      expect(body.code).toBe('USERNAME_TAKEN');
      const mine = await patch(admin.authorization, editor.userData.id, { username: 'ed.itor' });
      expect(mine.json<{ user: TeamUser }>().user.username).toBe('ed.itor');
      const cleared = await patch(admin.authorization, editor.userData.id, { username: null });
      expect(cleared.json<{ user: TeamUser }>().user.username).toBeNull();
    });

    it('answers 403 to an editor and 404 for another workspace’s user, changing nothing', async () => {
      expectErrorBody(await patch(editor.authorization, editor.userData.id, { displayName: 'Me' }), 403, 'FORBIDDEN');
      expectErrorBody(await patch(admin.authorization, stranger.userData.id, { displayName: 'X' }), 404, 'NOT_FOUND');
      expectErrorBody(await patch(stranger.authorization, editor.userData.id, { displayName: 'X' }), 404, 'NOT_FOUND');
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, stranger.userData.id));
      expect(row?.displayName).toBe('Stranger');
    });
  });
});
