import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { apiKeys } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = Pick<
  typeof apiKeys.$inferInsert,
  | 'workspaceId'
  | 'name'
  | 'prefix'
  | 'secretHash'
  | 'scopes'
  | 'allowedIps'
  | 'expiresAt'
  | 'createdBy'
  | 'basicLogin'
  | 'basicPasswordHash'
>;

/** The workspace's API keys. Every function takes the workspace, except the two lookups of authentication. */
export function createApiKeysRepository(db: Db) {
  return {
    async insert(key: NewApiKey): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(key).returning();
      return row!;
    },

    list: (workspaceId: string): Promise<ApiKeyRow[]> =>
      db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.workspaceId, workspaceId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),

    async find(workspaceId: string, id: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)));
      return row;
    },

    /** New Basic credentials for a key that is not revoked; the key as it is now, or undefined. */
    async setBasicCredentials(
      workspaceId: string,
      id: string,
      credentials: { basicLogin: string; basicPasswordHash: string },
    ): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set(credentials)
        .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning();
      return row;
    },

    /** Revokes a key once (a second revoke keeps the first time); the key as it is now. */
    async revoke(workspaceId: string, id: string): Promise<ApiKeyRow | undefined> {
      await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)));
      return row;
    },

    /**
     * Authentication: the key a presented secret's hash names, in any workspace (the hash is the
     * credential; the key then says which workspace the request acts in).
     */
    async findByHash(secretHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash));
      return row;
    },

    /** Basic authentication of the SMSGate-compatible API: the key with this user name, in any workspace. */
    async findByLogin(login: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.basicLogin, login));
      return row;
    },

    /** Authentication of a token made from a key: the key by the id the signed token names. */
    async findById(id: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
      return row;
    },

    /** Notes a use (at most once a minute per key and instance, see api-key-auth.ts). */
    async touch(id: string, at: Date, ip: string): Promise<void> {
      await db.execute(sql`update api_keys set last_used_at = greatest(last_used_at, ${at.toISOString()}::timestamptz),
        last_used_ip = ${ip} where id = ${id}`);
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
