import type { ApiKeyScope, CreatedApiKeyResponse } from '@switchboard/contract';
import type { FastifyInstance } from 'fastify';
import { createTestApp, register, type SignedIn, type TestApp } from './test-app.js';

export type V1Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

/**
 * What every `/api/v1` route test starts from: the server on a fresh database, the admin of a
 * workspace (`owner@<name>.example`) and of another one (`owner@other-<name>.example`, for
 * isolation), and API keys made through the admins' route, as a developer gets them.
 */
export interface V1TestBed {
  t: TestApp;
  admin: SignedIn;
  stranger: SignedIn;
  /** A new API key of `who`'s workspace with these scopes; answers its secret (`sk_live_…`). */
  newKey(who: SignedIn, scopes: ApiKeyScope[]): Promise<string>;
  /** A call to the API with a key's (or token's) bearer; a payload is sent as JSON. */
  call(
    secret: string,
    method: V1Method,
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<Injected>;
  close(): Promise<void>;
}

export async function createV1TestBed(name: string, env: Record<string, string> = {}): Promise<V1TestBed> {
  const t = await createTestApp(env);
  const admin = await register(t.app, `owner@${name}.example`, 'Owner');
  const stranger = await register(t.app, `owner@other-${name}.example`, 'Stranger');
  return {
    t,
    admin,
    stranger,
    async newKey(who, scopes) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: who.authorization,
        payload: { name: scopes.join(' '), scopes },
      });
      if (response.statusCode !== 201) throw new Error(`no API key: ${response.statusCode} ${response.body}`);
      return response.json<CreatedApiKeyResponse>().secret;
    },
    call: (secret, method, url, payload, headers = {}) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}`, ...headers },
        ...(payload && { payload }),
      }),
    close: () => t.close(),
  };
}
