import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { smsgateSettings } from '../../db/schema/index.js';

export type SettingsSections = Record<string, Record<string, unknown>>;

/** A workspace's SMSGate device settings (smsgate_settings). */
export function createSmsgateSettingsRepository(db: Db) {
  return {
    async get(workspaceId: string): Promise<SettingsSections> {
      const [row] = await db
        .select({ settings: smsgateSettings.settings })
        .from(smsgateSettings)
        .where(eq(smsgateSettings.workspaceId, workspaceId));
      return row?.settings ?? {};
    },

    /** Reads, changes and stores in one transaction (a row lock), so two PATCHes never lose one. */
    async update(
      workspaceId: string,
      change: (current: SettingsSections) => SettingsSections,
    ): Promise<SettingsSections> {
      return db.transaction(async (tx) => {
        await tx.insert(smsgateSettings).values({ workspaceId }).onConflictDoNothing();
        const [row] = await tx
          .select({ settings: smsgateSettings.settings })
          .from(smsgateSettings)
          .where(eq(smsgateSettings.workspaceId, workspaceId))
          .for('update');
        const settings = change(row?.settings ?? {});
        await tx
          .update(smsgateSettings)
          .set({ settings, updatedAt: new Date() })
          .where(eq(smsgateSettings.workspaceId, workspaceId));
        return settings;
      });
    },
  };
}

export type SmsgateSettingsRepository = ReturnType<typeof createSmsgateSettingsRepository>;
