import type { ApiKeyScope, CreatedApiKeyResponse } from '@switchboard/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, register, type SignedIn, type TestApp } from './test-app.js';

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;
export type SmsgateMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const SMSGATE_BASE = '/api/3rdparty/v1';

/** A key made through the admins' route, as a developer gets it: its id, secret and Basic credentials. */
export interface SmsgateKey {
  id: string;
  secret: string;
  username: string;
  password: string;
  /** `Authorization: Basic …` of its credentials. */
  basic: string;
}

/**
 * What the SMSGate-compatible API's route tests start from: the server on a fresh database, the
 * admin of a workspace and of another one (isolation), keys with Basic credentials.
 */
export interface SmsgateTestBed {
  t: TestApp;
  admin: SignedIn;
  stranger: SignedIn;
  /** `extra`: the create body's other fields (expiresAt, allowedIps). */
  newKey(who: SignedIn, scopes: ApiKeyScope[], extra?: Record<string, unknown>): Promise<SmsgateKey>;
  /** A call under /api/3rdparty/v1 with this Authorization header (none when null), from `remoteAddress`. */
  call(
    authorization: string | null,
    method: SmsgateMethod,
    path: string,
    payload?: object,
    remoteAddress?: string,
  ): Promise<Injected>;
  close(): Promise<void>;
}

export const basicHeader = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export async function createSmsgateTestBed(name: string, env: Record<string, string> = {}): Promise<SmsgateTestBed> {
  const t = await createTestApp(env);
  const admin = await register(t.app, `owner@${name}.example`, 'Owner');
  const stranger = await register(t.app, `owner@other-${name}.example`, 'Stranger');
  return {
    t,
    admin,
    stranger,
    async newKey(who, scopes, extra = {}) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: who.authorization,
        payload: { name: scopes.join(' '), scopes, ...extra },
      });
      if (response.statusCode !== 201) throw new Error(`no API key: ${response.statusCode} ${response.body}`);
      const { apiKey, secret, basicAuth } = response.json<CreatedApiKeyResponse>();
      return { id: apiKey.id, secret, ...basicAuth, basic: basicHeader(basicAuth.username, basicAuth.password) };
    },
    call: (authorization, method, path, payload, remoteAddress) =>
      t.app.inject({
        method,
        url: `${SMSGATE_BASE}${path}`,
        headers: authorization ? { authorization } : {},
        ...(payload && { payload }),
        ...(remoteAddress && { remoteAddress }),
      }),
    close: () => t.close(),
  };
}

/** An error answer of this API: SMSGate's `message` and our `error` (the same text) and `code`. */
export function expectSmsgateError(response: Injected, status: number, code?: string): { message: string } {
  expect(response.statusCode, response.body).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json<{ message: string; error: string; code: string }>();
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.error).toBe(body.message);
  if (code) expect(body.code).toBe(code);
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+|stack/i);
  return body;
}
