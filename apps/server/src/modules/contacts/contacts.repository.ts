import type { UpdateContactBody } from '@switchboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { contacts } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { upsertContacts, type ContactRow } from './contacts.sql.js';

/** Contacts and their consent (opt-out state). Every function takes the workspace. */
export function createContactsRepository(db: Db) {
  return {
    async findByNumber(workspaceId: string, phoneNumber: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneNumber, phoneNumber)));
      return row;
    },

    async findOrCreate(workspaceId: string, phoneNumber: string): Promise<ContactRow> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`${upsertContacts([{ workspaceId, phoneNumber }])} returning *`,
      );
      return camelRow<ContactRow>(row!);
    },

    /** Name, tags and the manual opt-out in one statement; undefined for another workspace's contact. */
    async update(workspaceId: string, id: string, patch: UpdateContactBody): Promise<ContactRow | undefined> {
      const sets = [];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name?.trim() || null}`);
      if (patch.tags !== undefined) {
        const tags = [...new Set(patch.tags.map((tag) => tag.trim()))];
        sets.push(
          sql`tags = ${sql`array[${sql.join(
            tags.map((tag) => sql`${tag}`),
            sql`, `,
          )}]::text[]`}`,
        );
      }
      if (patch.optedOut !== undefined)
        sets.push(patch.optedOut ? sql`opted_out_at = coalesce(opted_out_at, now())` : sql`opted_out_at = null`);
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sets.length
          ? sql`update contacts set ${sql.join(sets, sql`, `)} where id = ${id} and workspace_id = ${workspaceId} returning *`
          : sql`select * from contacts where id = ${id} and workspace_id = ${workspaceId}`,
      );
      return row && camelRow<ContactRow>(row);
    },

    /** Whether the contact is opted out now, its row locked for the rest of the transaction. */
    async lockOptedOut(workspaceId: string, id: string, tx: Db): Promise<boolean> {
      const [row] = await tx
        .select({ optedOutAt: contacts.optedOutAt })
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)))
        .for('update');
      return !!row?.optedOutAt;
    },

    async setOptedOut(workspaceId: string, id: string, optedOut: boolean, tx: Db): Promise<ContactRow | undefined> {
      const [row] = await tx
        .update(contacts)
        .set({ optedOutAt: optedOut ? new Date() : null })
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)))
        .returning();
      return row;
    },
  };
}
