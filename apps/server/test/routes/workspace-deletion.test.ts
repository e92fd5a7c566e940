import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/seed/demo-seed.js';
import { filesUnder, PNG_1X1, putImage } from '../helpers/account-fixtures.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { socketClients, waitUntil } from '../helpers/socket-clients.js';
import { createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

/** How many rows of every table with a workspace_id column belong to the workspace. */
async function rowsOf(t: TestApp, workspaceId: string): Promise<Record<string, number>> {
  const db = t.app.database.db;
  const tables = await queryRows<{ table: string }>(
    db,
    sql`select c.table_name as table from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.column_name = 'workspace_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where workspace_id = ${workspaceId}`,
    );
    if (row!.n > 0) counts[table] = row!.n;
  }
  const [workspace] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from workspaces where id = ${workspaceId}`,
  );
  if (workspace!.n > 0) counts.workspaces = workspace!.n;
  return counts;
}

describe('DELETE /api/workspace', () => {
  let t: TestApp;
  let filesDir: string;
  let sockets: Awaited<ReturnType<typeof socketClients>>;
  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'sb-workspace-deletion-'));
    // The demo workspace: conversations, a campaign, auto-reply rules and firings, voice recordings.
    t = await createTestApp({ FILES_DIR: filesDir, DEMO_SEED: '1' });
    sockets = await socketClients(t);
  });
  afterEach(() => sockets.closeAll());
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const remove = (user: SignedIn, payload: object) =>
    t.app.inject({ method: 'DELETE', url: '/api/workspace', headers: user.authorization, payload });

  it('deletes everything of the workspace — rows in every table, files, sessions — and nothing of another', async () => {
    const admin = await login(t.app, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const editor = await login(t.app, DEMO_ACCOUNTS[1].email, DEMO_PASSWORD);
    const workspaceId = admin.userData.workspaceId;
    const other = await register(t.app, 'owner@kept-workspace.example');
    const otherAvatar = await putImage(t.app, '/api/account/avatar', other.authorization, {
      content: PNG_1X1,
      type: 'image/png',
      field: 'avatar',
    });
    expect(otherAvatar.statusCode).toBe(200);
    await putImage(t.app, '/api/account/avatar', editor.authorization, {
      content: PNG_1X1,
      type: 'image/png',
      field: 'avatar',
    });
    await putImage(t.app, '/api/workspace/logo', admin.authorization, {
      content: PNG_1X1,
      type: 'image/png',
      field: 'logo',
    });
    const before = await rowsOf(t, workspaceId);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['messages', 'conversations', 'voice_messages', 'users']),
    );
    const keptBefore = await rowsOf(t, other.userData.workspaceId);
    expect((await filesUnder(path.join(filesDir, 'voice'))).length).toBeGreaterThan(0);
    const editorTab = await sockets.connectAs(editor, 'session.revoked');

    expectErrorBody(await remove(editor, { confirm: 'Demo', password: DEMO_PASSWORD }), 403, 'FORBIDDEN');
    expectErrorBody(await remove(admin, { confirm: 'demo', password: DEMO_PASSWORD }), 400, 'CONFIRMATION_MISMATCH');
    expectErrorBody(await remove(admin, { confirm: 'Demo', password: 'not-the-password' }), 403, 'WRONG_PASSWORD');
    expectErrorBody(await remove(admin, { confirm: 'Demo' }), 400, 'VALIDATION_FAILED');
    const deleted = await remove(admin, { confirm: 'Demo', password: DEMO_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await rowsOf(t, workspaceId)).toEqual({});
    const [sessions] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from sessions s where s.user_id in (${admin.userData.id}, ${editor.userData.id})`,
    );
    expect(sessions!.n).toBe(0);
    expect(await filesUnder(path.join(filesDir, 'voice'))).toEqual([]);
    expect(await filesUnder(path.join(filesDir, 'logos'))).toEqual([]);
    expect((await filesUnder(path.join(filesDir, 'avatars'))).length).toBe(1); // the other workspace's
    await waitUntil(
      () => editorTab.seen.find((e) => e.reason === 'workspace-deleted'),
      () => 'no session.revoked to the editor',
    );
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/account', headers: admin.authorization }), 401);
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/account', headers: editor.authorization }), 401);

    expect(await rowsOf(t, other.userData.workspaceId)).toEqual(keptBefore);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: other.authorization })).statusCode).toBe(
      200,
    );
    const photoURL = otherAvatar.json<{ account: { photoURL: string } }>().account.photoURL;
    expect((await t.app.inject({ method: 'GET', url: photoURL })).statusCode).toBe(200);
  });
});
