import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { contacts } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { pgArray } from '../../lib/pg-array.js';
import type { ConsentEventRow, ContactEntryRow } from './contact-view.js';
import { upsertContacts, type ContactRow } from './contacts.sql.js';

/** What changed a contact's consent, recorded with the change. */
export type ConsentChange =
  | { source: 'keyword'; messageId: string }
  | { source: 'admin'; userId: string }
  | { source: 'api' }
  | { source: 'import' };

/** A contact's own fields as written (already normalised and checked by the service). */
export interface ContactValues {
  name?: string | null;
  tags?: string[];
  /** Merged into the stored values. */
  setFields?: Record<string, string>;
  /** Removed from the stored values. */
  removeFields?: string[];
  timeZone?: string | null;
}

/** The contact book's columns of a contact: the row and the lists it is on. */
export const ENTRY_COLUMNS = sql`c.*, array(select m.list_id::text from contact_list_members m
  where m.contact_id = c.id order by m.list_id) as list_ids`;

/** One text[] parameter (tags, keys, a header). */
const textArray = (values: string[]) => pgArray(values, 'text');

function valueSets(values: ContactValues): SQL[] {
  const sets: SQL[] = [];
  if (values.name !== undefined) sets.push(sql`name = ${values.name}`);
  if (values.tags !== undefined) sets.push(sql`tags = ${textArray(values.tags)}`);
  if (values.timeZone !== undefined) sets.push(sql`time_zone = ${values.timeZone}`);
  if (values.setFields || values.removeFields)
    sets.push(
      sql`custom_fields = (custom_fields || ${JSON.stringify(values.setFields ?? {})}::jsonb) - ${textArray(values.removeFields ?? [])}`,
    );
  return sets;
}

/** Contacts and their consent (opt-out state and history). Every function takes the workspace. */
export function createContactsRepository(db: Db) {
  const entry = async (workspaceId: string, id: string, tx: Db = db): Promise<ContactEntryRow | undefined> => {
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${ENTRY_COLUMNS} from contacts c where c.id = ${id} and c.workspace_id = ${workspaceId}`,
    );
    return row && camelRow<ContactEntryRow>(row);
  };

  return {
    entry,

    async findByNumber(workspaceId: string, phoneNumber: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneNumber, phoneNumber)));
      return row;
    },

    /** The contact of a number that just sent something (a voice message), added when new. */
    async findOrCreate(workspaceId: string, phoneNumber: string): Promise<ContactRow> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`${upsertContacts([{ workspaceId, phoneNumber }], { message: 'received' })} returning *`,
      );
      return camelRow<ContactRow>(row!);
    },

    /** A new contact; undefined when the number is already one of the workspace's. */
    async insert(workspaceId: string, phoneNumber: string, values: ContactValues, tx: Db): Promise<string | undefined> {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into contacts (workspace_id, phone_number, name, tags, time_zone, custom_fields)
          values (${workspaceId}, ${phoneNumber}, ${values.name ?? null}, ${textArray(values.tags ?? [])},
            ${values.timeZone ?? null}, ${JSON.stringify(values.setFields ?? {})}::jsonb)
          on conflict (workspace_id, phone_number) do nothing
          returning id`,
      );
      return row?.id;
    },

    /** The given fields in one statement; false for another workspace's contact. */
    async update(workspaceId: string, id: string, values: ContactValues, tx: Db): Promise<boolean> {
      const sets = valueSets(values);
      const [row] = await queryRows<{ id: string }>(
        tx,
        sets.length
          ? sql`update contacts set ${sql.join(sets, sql`, `)}, updated_at = now()
              where id = ${id} and workspace_id = ${workspaceId} returning id`
          : sql`select id from contacts where id = ${id} and workspace_id = ${workspaceId}`,
      );
      return !!row;
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

    /**
     * Opts out or in and records what did it, in one statement; the changed row, or undefined
     * when there was nothing to change (already in that state, or not the workspace's contact).
     */
    async setOptedOut(
      workspaceId: string,
      id: string,
      optedOut: boolean,
      change: ConsentChange,
      tx: Db,
    ): Promise<ContactRow | undefined> {
      const messageId = change.source === 'keyword' ? change.messageId : null;
      const userId = change.source === 'admin' ? change.userId : null;
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`with changed as (
            update contacts set opted_out_at = ${optedOut ? sql`now()` : sql`null`}, updated_at = now()
            where id = ${id} and workspace_id = ${workspaceId}
              and ${optedOut ? sql`opted_out_at is null` : sql`opted_out_at is not null`}
            returning *
          ), recorded as (
            insert into contact_consent_events (workspace_id, contact_id, opted_out, source, message_id, user_id)
            select workspace_id, id, ${optedOut}::boolean, ${change.source}::consent_source, ${messageId}::uuid,
              ${userId}::uuid from changed
          )
          select * from changed`,
      );
      return row && camelRow<ContactRow>(row);
    },

    /** Every opt-out and opt-in of the contact, newest first. */
    async consentHistory(workspaceId: string, id: string): Promise<ConsentEventRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select id, opted_out, source, message_id, user_id, created_at from contact_consent_events
          where contact_id = ${id} and workspace_id = ${workspaceId}
          order by created_at desc, id desc`,
      );
      return rows.map((row) => camelRow<ConsentEventRow>(row));
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;
