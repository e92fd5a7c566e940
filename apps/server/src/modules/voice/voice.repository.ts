import { and, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { VoiceMessage } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { contacts, voiceMessages } from '../../db/schema/index.js';
import { containsPattern, cursorText, type Keyset } from '../../lib/keyset-cursor.js';

export type VoiceMessageRow = typeof voiceMessages.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;

/** A voice message with its caller, and the exact (microsecond) time its cursor is made of. */
export interface VoiceMessageWithContact {
  row: VoiceMessageRow;
  contact: ContactRow;
  cursorAt: string;
}

export interface NewVoiceMessage {
  workspaceId: string;
  networkId: string;
  /** The caller, normalised (E.164 where it reads as a number). */
  phoneNumber: string;
  providerRecordingId: string | null;
  storageKey: string;
  contentType: VoiceMessage['contentType'];
  sizeBytes: number;
  durationSeconds: number | null;
  transcript: string | null;
  /** When the call came in; default now. */
  createdAt?: Date;
}

export interface VoiceListFilters {
  q?: string;
  networkId?: string;
  unlistened?: boolean;
  from?: string;
  to?: string;
  /** Keyset position: rows strictly older than (at, id) in (created_at desc, id desc) order. */
  after?: Keyset;
  limit: number;
}

const cursorAt = sql<string>`${cursorText(sql`${voiceMessages.createdAt}`)}`;

/** Voice messages. Every workspace-facing query takes `workspaceId`. */
export function createVoiceRepository(db: Db) {
  const selectWithContact = (tx: Db = db) =>
    tx
      .select({ row: voiceMessages, contact: contacts, cursorAt })
      .from(voiceMessages)
      .innerJoin(contacts, eq(contacts.id, voiceMessages.contactId));

  return {
    /**
     * Stores a voice message in one statement: finds or adds the caller's contact and the
     * conversation of (network, caller), then the message. The conversation's unread counter,
     * time and preview are left alone: the SMS inbox counts SMS only. Returns null when the
     * provider's recording id is already stored (a callback retry).
     */
    async insert(input: NewVoiceMessage): Promise<{ id: string } | null> {
      const [row] = await queryRows<{ id: string | null }>(
        db,
        sql`
        with c as (
          insert into contacts (workspace_id, phone_number) values (${input.workspaceId}, ${input.phoneNumber})
          on conflict (workspace_id, phone_number) do update set phone_number = excluded.phone_number
          returning id
        ), v as (
          insert into conversations (workspace_id, network_id, contact_id, has_sms)
          select ${input.workspaceId}, ${input.networkId}, c.id, false from c
          on conflict (network_id, contact_id) do update set contact_id = excluded.contact_id
          returning id, contact_id
        ), m as (
          insert into voice_messages (workspace_id, network_id, conversation_id, contact_id, provider_recording_id,
            storage_key, content_type, size_bytes, duration_seconds, transcript, created_at)
          select ${input.workspaceId}, ${input.networkId}, v.id, v.contact_id, ${input.providerRecordingId},
            ${input.storageKey}, ${input.contentType}, ${input.sizeBytes}, ${input.durationSeconds}, ${input.transcript},
            coalesce(${input.createdAt?.toISOString() ?? null}::timestamptz, now())
          from v
          on conflict (network_id, provider_recording_id) do nothing
          returning id
        )
        select (select id from m) as id`,
      );
      return row?.id ? { id: row.id } : null;
    },

    async find(workspaceId: string, id: string): Promise<VoiceMessageWithContact | undefined> {
      const [found] = await selectWithContact().where(
        and(eq(voiceMessages.workspaceId, workspaceId), eq(voiceMessages.id, id)),
      );
      return found;
    },

    /** By the provider's recording id (callbacks); not workspace-scoped: the network is. */
    async findByRecording(
      networkId: string,
      providerRecordingId: string,
    ): Promise<VoiceMessageWithContact | undefined> {
      const [found] = await selectWithContact().where(
        and(eq(voiceMessages.networkId, networkId), eq(voiceMessages.providerRecordingId, providerRecordingId)),
      );
      return found;
    },

    /** Newest first; `limit + 1` rows are read so the caller knows whether a next page exists. */
    async list(workspaceId: string, filters: VoiceListFilters): Promise<VoiceMessageWithContact[]> {
      const conditions: (SQL | undefined)[] = [eq(voiceMessages.workspaceId, workspaceId)];
      if (filters.networkId) conditions.push(eq(voiceMessages.networkId, filters.networkId));
      if (filters.unlistened) conditions.push(isNull(voiceMessages.listenedAt));
      if (filters.from) conditions.push(gte(voiceMessages.createdAt, new Date(filters.from)));
      if (filters.to) conditions.push(lt(voiceMessages.createdAt, new Date(filters.to)));
      if (filters.q) {
        const pattern = containsPattern(filters.q);
        conditions.push(
          or(
            ilike(contacts.phoneNumber, pattern),
            ilike(contacts.name, pattern),
            ilike(voiceMessages.transcript, pattern),
          ),
        );
      }
      if (filters.after) {
        conditions.push(
          sql`(${voiceMessages.createdAt}, ${voiceMessages.id}) < (${filters.after.at}::timestamptz, ${filters.after.id}::uuid)`,
        );
      }
      return selectWithContact()
        .where(and(...conditions))
        .orderBy(desc(voiceMessages.createdAt), desc(voiceMessages.id))
        .limit(filters.limit + 1);
    },

    /** Marks listened (keeping the first time) or unlistened; false when there is no such message. */
    async setListened(workspaceId: string, id: string, listened: boolean): Promise<boolean> {
      const updated = await db
        .update(voiceMessages)
        .set({ listenedAt: listened ? sql`coalesce(${voiceMessages.listenedAt}, now())` : null })
        .where(and(eq(voiceMessages.workspaceId, workspaceId), eq(voiceMessages.id, id)))
        .returning({ id: voiceMessages.id });
      return updated.length > 0;
    },

    /** Sets the transcript of a recording; the updated message's id, or undefined if unknown. */
    async setTranscript(networkId: string, providerRecordingId: string, transcript: string) {
      const [updated] = await db
        .update(voiceMessages)
        .set({ transcript })
        .where(and(eq(voiceMessages.networkId, networkId), eq(voiceMessages.providerRecordingId, providerRecordingId)))
        .returning({ id: voiceMessages.id, workspaceId: voiceMessages.workspaceId });
      return updated;
    },
  };
}

export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
