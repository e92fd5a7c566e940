import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AVATAR_MAX_BYTES, type Account } from '@switchboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, putImage } from '../helpers/account-fixtures.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { socketClients, waitUntil } from '../helpers/socket-clients.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('own account: profile and avatar', () => {
  let t: TestApp;
  let filesDir: string;
  let sockets: Awaited<ReturnType<typeof socketClients>>;
  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'sb-account-'));
    t = await createTestApp({ FILES_DIR: filesDir });
    sockets = await socketClients(t);
  });
  afterEach(() => sockets.closeAll());
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const call = (user: SignedIn, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.authorization, ...(payload && { payload }) });
  const accountOf = async (user: SignedIn) =>
    (await call(user, 'GET', '/api/account')).json<{ account: Account }>().account;

  describe('GET / PATCH /api/account', () => {
    it('answers the caller’s own record, and 401 without a token', async () => {
      const user = await register(t.app, 'own@account.example', 'Own Person');
      const account = await accountOf(user);
      expect(account).toMatchObject({
        email: 'own@account.example',
        displayName: 'Own Person',
        role: 'admin',
        pendingEmail: null,
        recoveryCodesLeft: 0,
        twoFactorEnabled: false,
        photoURL: null,
      });
      expect(JSON.stringify(account)).not.toMatch(/password|secret/i);
      expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/account' }), 401, 'UNAUTHENTICATED');
    });

    it('changes profile fields and refuses a taken username (409) and bad input (400)', async () => {
      const first = await register(t.app, 'first@account.example');
      const second = await register(t.app, 'second@other-account.example');
      const patched = await call(first, 'PATCH', '/api/account', {
        displayName: 'First Person',
        username: 'First.One',
        location: { city: 'Lyon' },
        department: 'sales',
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<{ account: Account }>().account).toMatchObject({
        displayName: 'First Person',
        username: 'first.one',
        location: { city: 'Lyon' },
        department: 'sales',
      });
      expectErrorBody(await call(second, 'PATCH', '/api/account', { username: 'FIRST.one' }), 409, 'USERNAME_TAKEN');
      expectErrorBody(await call(second, 'PATCH', '/api/account', { username: 'a b' }), 400, 'VALIDATION_FAILED');
      expectErrorBody(await call(second, 'PATCH', '/api/account', { displayName: '' }), 400, 'VALIDATION_FAILED');
    });
  });

  describe('avatar', () => {
    it('stores a PNG, serves it publicly with a year’s immutable caching, and tells the user’s tabs', async () => {
      const user = await register(t.app, 'avatar@account.example');
      const tab = await sockets.connectAs(user, 'user.updated');
      const put = await putImage(t.app, '/api/account/avatar', user.authorization, {
        content: PNG_1X1,
        type: 'image/png',
        field: 'avatar',
      });
      expect(put.statusCode, put.body).toBe(200);
      const photoURL = put.json<{ account: Account }>().account.photoURL!;
      expect(photoURL).toBe(`/api/avatars/${user.userData.id}/1`);
      const served = await t.app.inject({ method: 'GET', url: photoURL });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
      await waitUntil(
        () => tab.seen.find((e) => e.userData.photoURL === photoURL),
        () => 'no user.updated with the avatar',
      );
      expect(
        (await call(user, 'GET', '/api/auth/me')).json<{ userData: { photoURL: string } }>().userData.photoURL,
      ).toBe(photoURL);

      // A new upload is a new version; the old URL is gone.
      const again = await putImage(t.app, '/api/account/avatar', user.authorization, {
        content: PNG_1X1,
        type: 'image/png',
        field: 'avatar',
      });
      expect(again.json<{ account: Account }>().account.photoURL).toBe(`/api/avatars/${user.userData.id}/2`);
      expectErrorBody(await t.app.inject({ method: 'GET', url: photoURL }), 404, 'NOT_FOUND');

      const removed = await call(user, 'DELETE', '/api/account/avatar');
      expect(removed.json<{ account: Account }>().account.photoURL).toBeNull();
      expectErrorBody(
        await t.app.inject({ method: 'GET', url: `/api/avatars/${user.userData.id}/2` }),
        404,
        'NOT_FOUND',
      );
    });

    it('refuses what is not an image by its bytes (415), a too large file (413), a missing part (400)', async () => {
      const user = await register(t.app, 'badavatar@account.example');
      const upload = (content: Buffer, type = 'image/png', field = 'avatar') =>
        putImage(t.app, '/api/account/avatar', user.authorization, { content, type, field });
      expectErrorBody(await upload(Buffer.from('GIF89a not really')), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectErrorBody(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), 415);
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(AVATAR_MAX_BYTES + 10)]);
      expectErrorBody(await upload(big), 413, 'PAYLOAD_TOO_LARGE');
      expectErrorBody(await upload(PNG_1X1, 'image/png', 'other'), 400, 'VALIDATION_FAILED');
      const json = await t.app.inject({
        method: 'PUT',
        url: '/api/account/avatar',
        headers: user.authorization,
        payload: { avatar: 'x' },
      });
      expectErrorBody(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect((await accountOf(user)).photoURL).toBeNull();
    });
  });
});
