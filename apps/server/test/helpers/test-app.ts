import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '@switchboard/contract';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { openTestDatabase } from './test-database.js';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh database, without listening (use `app.inject`); or on `database`
 * (a second instance on another's PostgreSQL database), which the caller closes.
 */
export async function createTestApp(env: Record<string, string> = {}, options: BuildAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    SECRETS_KEY: 'test-secrets-key-that-is-at-least-32-characters',
    SANDBOX_DELIVERY_MS: '20',
    DEMO_SEED: '0',
    DATA_DIR: '/nonexistent-test-data-dir',
    AUTH_RATE_LIMIT: '1000',
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp(config, { ...options, database });
  return {
    app,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export interface SignedIn extends SessionResponse {
  /** `name=value` of the refresh cookie, ready for a `cookie` header. */
  refreshCookie: string;
  authorization: { authorization: string };
}

export function refreshCookieOf(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((c) => c.name === 'sb_refresh');
  if (!cookie) throw new Error('no refresh cookie in the response');
  return `sb_refresh=${cookie.value}`;
}

function signedIn(response: Awaited<ReturnType<FastifyInstance['inject']>>): SignedIn {
  const body = response.json() as SessionResponse;
  if (!body.accessToken) throw new Error(`not signed in: ${response.statusCode} ${response.body}`);
  return {
    ...body,
    refreshCookie: refreshCookieOf(response),
    authorization: { authorization: `Bearer ${body.accessToken}` },
  };
}

/** Registers a new workspace owner (role admin). */
export async function register(app: FastifyInstance, email: string, displayName = 'Test User'): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { displayName, email, password: TEST_PASSWORD },
  });
  return signedIn(response);
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return signedIn(response);
}

/** Adds a member to a workspace directly in the database (there is no members API yet). */
export async function addMember(
  app: FastifyInstance,
  workspaceId: string,
  email: string,
  role: 'admin' | 'editor',
  status: 'active' | 'blocked' | 'deactivated' = 'active',
): Promise<void> {
  const { users } = await import('../../src/db/schema/index.js');
  const { hashPassword } = await import('../../src/modules/auth/password.js');
  await app.database.db.insert(users).values({
    workspaceId,
    email,
    displayName: email.split('@')[0]!,
    role,
    status,
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
}

/**
 * Who a route test asks: the admin of a new workspace, an editor of it, and the admin of another
 * workspace (for isolation), with addresses at `owner@<name>.example`, `editor@<name>.example`
 * and `owner@other-<name>.example`.
 */
export async function adminEditorAndStranger(
  app: FastifyInstance,
  name: string,
): Promise<{ admin: SignedIn; editor: SignedIn; stranger: SignedIn }> {
  const admin = await register(app, `owner@${name}.example`, 'Owner');
  await addMember(app, admin.userData.workspaceId, `editor@${name}.example`, 'editor');
  const editor = await login(app, `editor@${name}.example`);
  const stranger = await register(app, `owner@other-${name}.example`, 'Stranger');
  return { admin, editor, stranger };
}
