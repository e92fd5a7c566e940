import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { WorkspaceProfile } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networks, workspaceAuditLog } from '../../src/db/schema/index.js';
import { filesUnder, PNG_1X1, putImage } from '../helpers/account-fixtures.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('workspace profile (admins)', () => {
  let t: TestApp;
  let filesDir: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'sb-workspace-profile-'));
    t = await createTestApp({ FILES_DIR: filesDir });
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'profile'));
  });
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const call = (user: SignedIn, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.authorization, ...(payload && { payload }) });
  const patch = (user: SignedIn, payload: object) => call(user, 'PATCH', '/api/workspace/profile', payload);

  async function addNetwork(owner: SignedIn, enabled = true): Promise<string> {
    const [row] = await t.app.database.db
      .insert(networks)
      .values({
        workspaceId: owner.userData.workspaceId,
        kind: 'sandbox',
        name: `Extra ${Math.random().toString(36).slice(2, 6)}`,
        address: '+15550001111',
        throughput: 10,
        enabled,
      })
      .returning({ id: networks.id });
    return row!.id;
  }

  it('answers and changes name, company, address and time zone (audited); editors 403', async () => {
    const before = (await call(admin, 'GET', '/api/workspace/profile')).json<WorkspaceProfile>();
    expect(before).toMatchObject({ company: null, address: {}, logoURL: null, defaultNetworkId: null });
    const changed = await patch(admin, {
      name: 'Profile Inc',
      company: 'Profile Incorporated',
      address: { addLine1: '1 Main St', city: 'Berlin', country: 'Germany' },
      timeZone: 'Europe/Berlin',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<WorkspaceProfile>()).toMatchObject({
      workspace: { name: 'Profile Inc', timeZone: 'Europe/Berlin' },
      company: 'Profile Incorporated',
      address: { addLine1: '1 Main St', city: 'Berlin', country: 'Germany' },
    });
    const merged = (await patch(admin, { address: { city: null, postCode: '10115' } })).json<WorkspaceProfile>();
    expect(merged.address).toEqual({ addLine1: '1 Main St', postCode: '10115', country: 'Germany' });
    const audit = await t.app.database.db
      .select()
      .from(workspaceAuditLog)
      .where(eq(workspaceAuditLog.workspaceId, admin.userData.workspaceId));
    expect(audit.some((row) => row.action.includes('time') && row.details.to === 'Europe/Berlin')).toBe(true);

    expectErrorBody(await patch(admin, { timeZone: 'Mars/Olympus' }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await patch(admin, { name: '' }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call(editor, 'GET', '/api/workspace/profile'), 403, 'FORBIDDEN');
    expectErrorBody(await patch(editor, { name: 'Hijack' }), 403, 'FORBIDDEN');
    expect((await call(stranger, 'GET', '/api/workspace/profile')).json<WorkspaceProfile>().workspace.name).not.toBe(
      'Profile Inc',
    );
  });

  it('takes an enabled network of the workspace as default, used first for sends that name none', async () => {
    const workspaceId = admin.userData.workspaceId;
    const extra = await addNetwork(admin);
    const disabled = await addNetwork(admin, false);
    const foreign = await addNetwork(stranger);
    const oldDefault = await t.app.services.networks.defaultId(workspaceId);
    expect(oldDefault).not.toBe(extra);

    expectErrorBody(await patch(admin, { defaultNetworkId: foreign }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await patch(admin, { defaultNetworkId: disabled }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await patch(admin, { defaultNetworkId: 'nope' }), 400, 'VALIDATION_FAILED');
    const chosen = await patch(admin, { defaultNetworkId: extra });
    expect(chosen.json<WorkspaceProfile>().defaultNetworkId).toBe(extra);
    expect(await t.app.services.networks.defaultId(workspaceId)).toBe(extra);
    expect(await t.app.services.networks.defaultId(stranger.userData.workspaceId)).not.toBe(extra);

    await patch(admin, { defaultNetworkId: null });
    expect(await t.app.services.networks.defaultId(workspaceId)).toBe(oldDefault);
  });

  it('stores a logo served publicly with immutable caching; another type 415; editors 403', async () => {
    const upload = (user: SignedIn, content: Buffer) =>
      putImage(t.app, '/api/workspace/logo', user.authorization, { content, type: 'image/png', field: 'logo' });
    expectErrorBody(await upload(editor, PNG_1X1), 403, 'FORBIDDEN');
    expectErrorBody(await upload(admin, Buffer.from('%PDF-1.4 not an image')), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const put = await upload(admin, PNG_1X1);
    expect(put.statusCode, put.body).toBe(200);
    const logoURL = put.json<WorkspaceProfile>().logoURL!;
    expect(logoURL).toBe(`/api/workspace-logos/${admin.userData.workspaceId}/1`);
    const served = await t.app.inject({ method: 'GET', url: logoURL });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/png');
    expectErrorBody(
      await t.app.inject({ method: 'GET', url: `/api/workspace-logos/${stranger.userData.workspaceId}/1` }),
      404,
    );
    const removed = await call(admin, 'DELETE', '/api/workspace/logo');
    expect(removed.json<WorkspaceProfile>().logoURL).toBeNull();
    expectErrorBody(await t.app.inject({ method: 'GET', url: logoURL }), 404);
    expect(await filesUnder(path.join(filesDir, 'logos'))).toEqual([]);
  });
});
