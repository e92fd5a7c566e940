import { MAX_BOOKMARKS } from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('/api/me/preferences', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'prefs-admin@example.com', 'Prefs Admin');
    await addMember(t.app, admin.userData.workspaceId, 'prefs-editor@example.com', 'editor');
    editor = await login(t.app, 'prefs-editor@example.com');
    stranger = await register(t.app, 'prefs-stranger@example.com', 'Other Workspace');
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me/preferences', headers });
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/me/preferences', headers, payload: payload as object });
  const prefsOf = async (user: SignedIn) => {
    const response = await get(user.authorization);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ ui: Record<string, string>; bookmarks: string[] }>();
  };

  it('answers 401 to an anonymous caller, before looking at the body', async () => {
    expectErrorBody(await get({}), 401, 'UNAUTHENTICATED');
    expectErrorBody(await patch({}, { ui: { theme: 'dark' } }), 401, 'UNAUTHENTICATED');
    expectErrorBody(await patch({}, { ui: { theme: 'neon' } }), 401, 'UNAUTHENTICATED');
    expectErrorBody(await get({ authorization: 'Bearer not-a-jwt' }), 401, 'UNAUTHENTICATED');
  });

  it('starts from the defaults: no UI choices and no bookmarks', async () => {
    const response = await get(stranger.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ui: {}, bookmarks: [] });
  });

  it('is open to editors as well as admins (the editor rule)', async () => {
    const response = await patch(editor.authorization, { ui: { language: 'de' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ui: { language: 'de' }, bookmarks: [] });
  });

  it('merges UI keys into the stored ones and keeps the bookmarks when only ui is sent', async () => {
    await patch(admin.authorization, { bookmarks: ['/apps/chat'] });
    expect((await patch(admin.authorization, { ui: { theme: 'dark' } })).json()).toEqual({
      ui: { theme: 'dark' },
      bookmarks: ['/apps/chat'],
    });
    const merged = await patch(admin.authorization, { ui: { layout: 'vertical', navbarType: 'sticky' } });
    expect(merged.json()).toEqual({
      ui: { theme: 'dark', layout: 'vertical', navbarType: 'sticky' },
      bookmarks: ['/apps/chat'],
    });
    const overwritten = await patch(admin.authorization, { ui: { theme: 'semi-dark' } });
    expect(overwritten.json()).toMatchObject({ ui: { theme: 'semi-dark', layout: 'vertical' } });
    expect(await prefsOf(admin)).toEqual(overwritten.json());
  });

  it('replaces the bookmarks list as a whole, in the given order, and keeps the UI choices', async () => {
    await patch(admin.authorization, { ui: { transition: 'fade' }, bookmarks: ['/apps/chat', '/apps/email/inbox'] });
    const replaced = await patch(admin.authorization, { bookmarks: ['/views/networks', '/apps/chat'] });
    expect(replaced.json()).toMatchObject({ ui: { transition: 'fade' }, bookmarks: ['/views/networks', '/apps/chat'] });
    const cleared = await patch(admin.authorization, { bookmarks: [] });
    expect(cleared.json()).toMatchObject({ ui: { transition: 'fade' }, bookmarks: [] });
  });

  it('answers an empty change with the stored preferences, unchanged', async () => {
    const before = await prefsOf(admin);
    const response = await patch(admin.authorization, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before);
  });

  it('keeps every key when several changes arrive at once', async () => {
    const user = await register(t.app, 'prefs-parallel@example.com');
    const responses = await Promise.all([
      patch(user.authorization, { ui: { theme: 'dark' } }),
      patch(user.authorization, { ui: { layout: 'vertical' } }),
      patch(user.authorization, { ui: { navbarType: 'hidden' } }),
      patch(user.authorization, { ui: { transition: 'none' } }),
      patch(user.authorization, { ui: { language: 'ar' } }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(200);
    expect((await prefsOf(user)).ui).toEqual({
      theme: 'dark',
      layout: 'vertical',
      navbarType: 'hidden',
      transition: 'none',
      language: 'ar',
    });
  });

  it('refuses an unknown theme with 400 naming the field, and stores nothing', async () => {
    const before = await prefsOf(admin);
    const body = expectErrorBody(await patch(admin.authorization, { ui: { theme: 'neon' } }), 400, 'VALIDATION_FAILED');
    expect(body.fields?.[0]?.path).toBe('body.ui.theme');
    expectErrorBody(await patch(admin.authorization, { ui: { language: 'xx' } }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await patch(admin.authorization, { ui: 'dark' }), 400, 'VALIDATION_FAILED');
    expect(await prefsOf(admin)).toEqual(before);
  });

  it('refuses bookmarks that are not app paths starting with /', async () => {
    for (const path of ['apps/chat', 'https://evil.example/', '//evil.example', '/', '']) {
      const body = expectErrorBody(await patch(admin.authorization, { bookmarks: [path] }), 400, 'VALIDATION_FAILED');
      expect(body.fields?.[0]?.path, path).toMatch(/^body\.bookmarks/);
    }
    expectErrorBody(await patch(admin.authorization, { bookmarks: '/apps/chat' }), 400, 'VALIDATION_FAILED');
  });

  it('refuses duplicate bookmarks', async () => {
    const response = await patch(admin.authorization, { bookmarks: ['/apps/chat', '/apps/todo', '/apps/chat'] });
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.error).toMatch(/repeat/);
  });

  it(`accepts ${MAX_BOOKMARKS} bookmarks and refuses one more`, async () => {
    const paths = Array.from({ length: MAX_BOOKMARKS + 1 }, (_, i) => `/pages/${i}`);
    const tooMany = await patch(admin.authorization, { bookmarks: paths });
    expectErrorBody(tooMany, 400, 'VALIDATION_FAILED');
    const most = await patch(admin.authorization, { bookmarks: paths.slice(0, MAX_BOOKMARKS) });
    expect(most.statusCode).toBe(200);
    expect(most.json<{ bookmarks: string[] }>().bookmarks).toHaveLength(MAX_BOOKMARKS);
  });

  it('drops UI keys it does not know instead of storing them', async () => {
    const response = await patch(stranger.authorization, { ui: { theme: 'dark', fontSize: 40 }, extra: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ui: { theme: 'dark' }, bookmarks: [] });
  });

  it('keeps each user’s preferences to themselves, whatever user id the body names', async () => {
    const own = await register(t.app, 'prefs-isolated@example.com');
    await patch(own.authorization, { ui: { theme: 'semi-dark' }, bookmarks: ['/apps/calendar/vue-simple-calendar'] });
    const before = await prefsOf(own);

    // Another user — of another workspace, or an admin of the same one — only ever touches their own.
    const other = await patch(stranger.authorization, {
      userId: own.userData.id,
      ui: { theme: 'light' },
      bookmarks: ['/home'],
    });
    expect(other.json()).toMatchObject({ ui: { theme: 'light' }, bookmarks: ['/home'] });
    expect(await prefsOf(own)).toEqual(before);
    expect((await prefsOf(editor)).ui).toEqual({ language: 'de' });
    const query = await t.app.inject({
      method: 'GET',
      url: `/api/me/preferences?userId=${own.userData.id}`,
      headers: stranger.authorization,
    });
    expect(query.json()).toEqual(await prefsOf(stranger));
  });

  it('follows the user into a new sign-in', async () => {
    await patch(editor.authorization, { ui: { theme: 'dark' }, bookmarks: ['/apps/todo', '/apps/chat'] });
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: editor.authorization });
    expect(logout.statusCode).toBe(200);
    expectErrorBody(await get(editor.authorization), 401, 'UNAUTHENTICATED');

    const again = await login(t.app, 'prefs-editor@example.com');
    expect(await prefsOf(again)).toEqual({
      ui: { language: 'de', theme: 'dark' },
      bookmarks: ['/apps/todo', '/apps/chat'],
    });
  });

  it('reads back stored values it no longer accepts as absent, keeping the valid ones', async () => {
    const user = await register(t.app, 'prefs-legacy@example.com');
    await t.app.database.db
      .update(users)
      .set({ preferences: { ui: { theme: 'neon', layout: 'vertical' }, bookmarks: 'not-a-list', later: 1 } })
      .where(eq(users.id, user.userData.id));
    expect(await prefsOf(user)).toEqual({ ui: { layout: 'vertical' }, bookmarks: [] });
    const response = await patch(user.authorization, { ui: { theme: 'dark' } });
    expect(response.json()).toEqual({ ui: { layout: 'vertical', theme: 'dark' }, bookmarks: [] });
  });
});
