import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../src/db/schema/index.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('role guard', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'admin@guard.example', 'Guarded');
    await addMember(t.app, admin.userData.workspaceId, 'editor@guard.example', 'editor');
    editor = await login(t.app, 'editor@guard.example');
  });
  afterAll(() => t.close());

  const adminRoute = (headers: Record<string, string>, company = 'Renamed') =>
    t.app.inject({ method: 'POST', url: '/api/new_user', headers, payload: { payload: { company } } });
  const editorRoute = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const workspaceName = async () => {
    const [row] = await t.app.database.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, admin.userData.workspaceId));
    return row?.name;
  };

  it('answers 403 FORBIDDEN when an editor calls an admin route, and changes nothing', async () => {
    const response = await adminRoute(editor.authorization, 'Editor Was Here');
    expectErrorBody(response, 403, 'FORBIDDEN');
    expect(await workspaceName()).toBe('Guarded');
  });

  it('lets an admin call the admin route', async () => {
    const response = await adminRoute(admin.authorization, 'Admin Did This');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ workspace: { id: admin.userData.workspaceId, name: 'Admin Did This' } });
  });

  it('answers 401, not 403, to an admin route without a token', async () => {
    expectErrorBody(await adminRoute({}), 401, 'UNAUTHENTICATED');
  });

  it('lets both an editor and an admin use an editor route', async () => {
    for (const session of [admin, editor]) expect((await editorRoute(session.authorization)).statusCode).toBe(200);
  });

  it('uses the role stored on the server, not one the client claims', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/new_user',
      headers: { ...editor.authorization, 'x-user-role': 'admin' },
      payload: { payload: { company: 'x', userRole: 'admin' } },
    });
    expectErrorBody(response, 403, 'FORBIDDEN');
  });

  it('applies a role change at once, without a new sign-in', async () => {
    await addMember(t.app, admin.userData.workspaceId, 'promoted@guard.example', 'editor');
    const member = await login(t.app, 'promoted@guard.example');
    // The caller's session (with its role) is now cached: the change must reach it.
    expectErrorBody(await adminRoute(member.authorization), 403, 'FORBIDDEN');
    const setRole = (role: 'admin' | 'editor') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/members/${member.userData.id}`,
        headers: admin.authorization,
        payload: { role },
      });
    expect((await setRole('admin')).statusCode).toBe(200);
    expect((await adminRoute(member.authorization)).statusCode).toBe(200);
    expect((await setRole('editor')).statusCode).toBe(200);
    expectErrorBody(await adminRoute(member.authorization), 403, 'FORBIDDEN');
  });
});
