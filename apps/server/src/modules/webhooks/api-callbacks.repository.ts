import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { webhookEndpoints } from '../../db/schema/webhooks.js';

export interface NewCallbackTarget {
  workspaceId: string;
  keyId: string;
  url: string;
  secretSealed: string;
  secretPrefix: string;
}

/**
 * Callback targets: webhook_endpoints rows with a `callback_key_id`, one per API key and URL. They
 * subscribe to nothing (`events` empty), so the fan-out never picks them; a message's state
 * changes are recorded for its own target by id.
 */
export function createApiCallbacksRepository(db: Db) {
  return {
    /** The target of (key, URL): inserted when new (a race inserts it once), its id either way. */
    async ensure(target: NewCallbackTarget): Promise<string> {
      const [inserted] = await db
        .insert(webhookEndpoints)
        .values({
          workspaceId: target.workspaceId,
          url: target.url,
          description: 'callbackUrl of an API key’s messages',
          events: [],
          secretSealed: target.secretSealed,
          secretPrefix: target.secretPrefix,
          callbackKeyId: target.keyId,
        })
        .onConflictDoNothing({ target: [webhookEndpoints.callbackKeyId, webhookEndpoints.url] })
        .returning({ id: webhookEndpoints.id });
      if (inserted) return inserted.id;
      const [existing] = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.workspaceId, target.workspaceId),
            eq(webhookEndpoints.callbackKeyId, target.keyId),
            eq(webhookEndpoints.url, target.url),
          ),
        );
      if (!existing) throw new Error('a callback target neither inserted nor found');
      return existing.id;
    },

    /** Whether the workspace has any callback target (before a message's own is looked up). */
    async any(workspaceId: string): Promise<boolean> {
      const [row] = await db
        .select({ found: sql<boolean>`true` })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNotNull(webhookEndpoints.callbackKeyId)))
        .limit(1);
      return !!row;
    },
  };
}
