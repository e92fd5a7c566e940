import { eq, sql } from 'drizzle-orm';
import type { Preferences, UiPreferences } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema/index.js';

/** What the `users.preferences` column holds; read back defensively (see the service). */
export type StoredPreferences = Record<string, unknown> | null;

/** The caller's own preferences, in `users.preferences`; every function takes the user's id. */
export function createPreferencesRepository(db: Db) {
  return {
    async find(userId: string): Promise<StoredPreferences | undefined> {
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
      return row ? row.preferences : undefined;
    },

    /**
     * One statement, so two tabs saving at once cannot lose each other's keys: `ui` is merged into
     * the stored object, `bookmarks` (when given) replaces the list, other stored keys stay.
     */
    async update(
      userId: string,
      ui: UiPreferences,
      bookmarks: Preferences['bookmarks'] | undefined,
    ): Promise<StoredPreferences | undefined> {
      const current = sql`coalesce(${users.preferences}, '{}'::jsonb)`;
      const nextBookmarks =
        bookmarks === undefined
          ? sql`coalesce(${current} -> 'bookmarks', '[]'::jsonb)`
          : sql`${JSON.stringify(bookmarks)}::jsonb`;
      const [row] = await db
        .update(users)
        .set({
          preferences: sql`${current} || jsonb_build_object(
            'ui', coalesce(${current} -> 'ui', '{}'::jsonb) || ${JSON.stringify(ui)}::jsonb,
            'bookmarks', ${nextBookmarks}
          )`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning({ preferences: users.preferences });
      return row ? row.preferences : undefined;
    },
  };
}
