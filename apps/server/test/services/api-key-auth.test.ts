import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { workspaces } from '../../src/db/schema/index.js';
import { createApiKeyAuth } from '../../src/modules/developer-api/api-key-auth.js';
import {
  createApiKeysRepository,
  type ApiKeysRepository,
} from '../../src/modules/developer-api/api-keys.repository.js';
import { newSecret } from '../../src/modules/developer-api/api-keys.js';
import { createApiTokens } from '../../src/modules/developer-api/api-tokens.js';
import { openTestDatabase } from '../helpers/test-database.js';

const silentLog = { warn: () => {} } as unknown as FastifyBaseLogger;

describe('API key authentication', () => {
  let database: Database;
  let repo: ApiKeysRepository;
  let workspaceId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    repo = createApiKeysRepository(database.db);
    const [row] = await database.db.insert(workspaces).values({ name: 'Keys' }).returning();
    workspaceId = row!.id;
  });
  afterAll(() => database.close());

  /** The repository with its reads and writes counted, and a clock the test moves. */
  function setUp() {
    const calls = { findByHash: 0, findById: 0, touch: 0 };
    const counted: ApiKeysRepository = {
      ...repo,
      findByHash: (hash) => (calls.findByHash++, repo.findByHash(hash)),
      findById: (id) => (calls.findById++, repo.findById(id)),
      touch: (id, at, ip) => (calls.touch++, repo.touch(id, at, ip)),
    };
    const clock = { now: Date.parse('2026-11-26T12:00:00Z') };
    const tokens = createApiTokens('test-secret-that-is-at-least-32-characters-long');
    const auth = createApiKeyAuth({ repo: counted, tokens, log: silentLog, now: () => clock.now });
    return { auth, calls, clock, tokens };
  }

  async function newKey(expiresAt: Date | null = null) {
    const made = newSecret();
    const row = await repo.insert({
      workspaceId,
      name: 'k',
      prefix: made.prefix,
      secretHash: made.secretHash,
      scopes: ['usage:read'],
      allowedIps: [],
      expiresAt,
      createdBy: null,
    });
    return { ...made, id: row.id };
  }

  it('reads a key once, then answers from memory and writes its last use at most once a minute', async () => {
    const { auth, calls, clock } = setUp();
    const { secret } = await newKey();
    for (let i = 0; i < 50; i++) await auth.authenticate(secret, '192.0.2.1');
    expect(calls).toEqual({ findByHash: 1, findById: 0, touch: 1 });
    clock.now += 30_000;
    await auth.authenticate(secret, '192.0.2.1');
    expect(calls.touch).toBe(1);
    clock.now += 31_000;
    await auth.authenticate(secret, '192.0.2.1');
    expect(calls.touch).toBe(2);
  });

  it('asks the database once for concurrent first uses and remembers unknown keys for a while', async () => {
    const { auth, calls } = setUp();
    const { secret } = await newKey();
    await Promise.all(Array.from({ length: 20 }, () => auth.authenticate(secret, '192.0.2.1')));
    expect(calls.findByHash).toBe(1);
    const unknown = newSecret().secret;
    for (let i = 0; i < 5; i++) await expect(auth.authenticate(unknown, '192.0.2.1')).rejects.toThrow();
    expect(calls.findByHash).toBe(2);
  });

  it('refuses a cached key once its expiry passes, without asking the database', async () => {
    const { auth, calls, clock } = setUp();
    const { secret } = await newKey(new Date(clock.now + 5_000));
    await auth.authenticate(secret, '192.0.2.1');
    clock.now += 5_000;
    await expect(auth.authenticate(secret, '192.0.2.1')).rejects.toMatchObject({ code: 'API_KEY_EXPIRED' });
    expect(calls.findByHash).toBe(1);
  });

  it('refuses a key revoked here at once, and one revoked elsewhere after the cache’s minute', async () => {
    const { auth, clock } = setUp();
    const here = await newKey();
    await auth.authenticate(here.secret, '192.0.2.1');
    await repo.revoke(workspaceId, here.id);
    auth.forget(here.id);
    await expect(auth.authenticate(here.secret, '192.0.2.1')).rejects.toMatchObject({ code: 'API_KEY_REVOKED' });

    const elsewhere = await newKey();
    await auth.authenticate(elsewhere.secret, '192.0.2.1');
    await repo.revoke(workspaceId, elsewhere.id);
    await auth.authenticate(elsewhere.secret, '192.0.2.1');
    clock.now += 60_000;
    await expect(auth.authenticate(elsewhere.secret, '192.0.2.1')).rejects.toMatchObject({
      code: 'API_KEY_REVOKED',
    });
  });

  it('reads a token’s key by id once, and refuses an expired token', async () => {
    const { auth, calls, tokens } = setUp();
    const { id } = await newKey();
    const { token } = await tokens.sign({ keyId: id, workspaceId, scopes: ['usage:read'] }, 60);
    for (let i = 0; i < 10; i++) {
      expect(await auth.authenticate(token, '192.0.2.1')).toMatchObject({ keyId: id, via: 'token' });
    }
    expect(calls.findById).toBe(1);
    const { token: expired } = await tokens.sign({ keyId: id, workspaceId, scopes: ['usage:read'] }, -10);
    await expect(auth.authenticate(expired, '192.0.2.1')).rejects.toMatchObject({ code: 'API_KEY_EXPIRED' });
    const { token: foreign } = await tokens.sign(
      { keyId: id, workspaceId: crypto.randomUUID(), scopes: ['usage:read'] },
      60,
    );
    await expect(auth.authenticate(foreign, '192.0.2.1')).rejects.toMatchObject({ code: 'API_KEY_INVALID' });
  });
});
