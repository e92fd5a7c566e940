import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '@switchboard/contract';
import { ApiError, api, apiFile } from './api-client';
import { session } from './session';

const user: UserData = {
  id: '00000000-0000-4000-8000-000000000001',
  uid: '00000000-0000-4000-8000-000000000001',
  displayName: 'Ada',
  email: 'ada@example.com',
  photoURL: null,
  providerId: 'password',
  userRole: 'admin',
  workspaceId: '00000000-0000-4000-8000-000000000002',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  authorization: string | undefined;
}

/** A fake server: data routes accept only `fresh-token`; the refresh answers with `refresh()`. */
function stubServer(refresh: () => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const authorization = (init.headers as Record<string, string> | undefined)?.authorization;
      calls.push({ method: init.method ?? 'GET', url, authorization });
      if (url === '/api/auth/refresh-token') {
        // Slow enough that all three 401s arrive while the refresh is still running.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return refresh();
      }
      return authorization === 'Bearer fresh-token'
        ? json(200, { path: url })
        : json(401, { error: 'Please sign in.', code: 'UNAUTHENTICATED' });
    }),
  );
  return calls;
}

describe('api() with an expired access token', () => {
  beforeEach(() => session.signIn(user, 'stale-token', true));
  afterEach(async () => {
    vi.unstubAllGlobals();
    session.signOut('signed-out');
    // The single-flight refresh forgets its promise on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('runs exactly one refresh for three parallel 401s and retries all three with the new token', async () => {
    const calls = stubServer(() => json(200, { accessToken: 'fresh-token' }));

    const results = await Promise.all([api('/api/a'), api('/api/b'), api('/api/c')]);

    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh-token')).toEqual([
      { method: 'POST', url: '/api/auth/refresh-token', authorization: undefined },
    ]);
    const retries = calls.filter((c) => c.authorization === 'Bearer fresh-token').map((c) => c.url);
    expect(retries.sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(calls.filter((c) => c.authorization === 'Bearer stale-token')).toHaveLength(3);
    expect(session.accessToken()).toBe('fresh-token');
  });

  it('ends the session as expired when the refresh fails, and rejects every queued call', async () => {
    const calls = stubServer(() => json(401, { error: 'Your session has expired.', code: 'INVALID_REFRESH_TOKEN' }));

    const results = await Promise.allSettled([api('/api/a'), api('/api/b'), api('/api/c')]);

    expect(calls.filter((c) => c.url === '/api/auth/refresh-token')).toHaveLength(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
    }
    expect(session.get()).toEqual({ status: 'anonymous', reason: 'expired' });
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('does not refresh for a 401 that refuses a credential of the request (a wrong two-factor code)', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return json(401, { error: 'That code did not work.', code: 'TWO_FACTOR_INVALID' });
      }),
    );

    await expect(api('/api/account/two-factor/disable', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'TWO_FACTOR_INVALID',
    });
    expect(calls).toEqual(['/api/account/two-factor/disable']);
    expect(session.accessToken()).toBe('stale-token');
  });

  it('does not refresh for a 401 of an anonymous call (nothing to renew)', async () => {
    session.signOut('signed-out');
    const calls = stubServer(() => json(200, { accessToken: 'fresh-token' }));

    await expect(api('/api/a')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(calls.map((c) => c.url)).toEqual(['/api/a']);
  });
});

describe('apiFile()', () => {
  beforeEach(() => session.signIn(user, 'fresh-token', true));
  afterEach(() => {
    vi.unstubAllGlobals();
    session.signOut('signed-out');
  });

  it('returns the file with the name the server suggests, sent with the access token', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('\uFEFFphone_number\n+14155550123\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="contacts-2026-01-01.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);

    const file = await apiFile('/api/contacts/export?tag=vip');

    expect(file.fileName).toBe('contacts-2026-01-01.csv');
    expect(await file.blob.text()).toContain('+14155550123');
    expect(fetch).toHaveBeenCalledWith(
      '/api/contacts/export?tag=vip',
      expect.objectContaining({ headers: { authorization: 'Bearer fresh-token' } }),
    );
  });

  it('turns an error answer into an ApiError with its code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { error: 'Your role does not allow this action.', code: 'FORBIDDEN' })),
    );
    await expect(apiFile('/api/contacts/export')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
