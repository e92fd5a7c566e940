import { and, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { VoiceMessage } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { voiceMessages } from '../../db/schema/index.js';
import { contactsTable as contacts, type ContactRow } from '../contacts/contacts.sql.js';
import { containsPattern, cursorText, type Keyset } from '../../lib/keyset-cursor.js';

export type VoiceMessageRow = typeof voiceMessages.$inferSelect;

/** A voice message with its caller, and the exact (microsecond) time its cursor is made of. */
export interface VoiceMessageWithContact {
  row: VoiceMessageRow;
  contact: ContactRow;
  cursorAt: string;
}

export interface NewVoiceMessage {
  workspaceId: string;
  networkId: string;
  /** The caller's contact and their conversation with the network (contacts and messaging made them). */
  contactId: string;
  conversationId: string;
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

/**
 * Voice messages. Every workspace-facing query takes `workspaceId`; those of a provider's
 * callbacks take the network (verified by the callback's signature). The caller is joined
 * through the contacts module's table.
 */
export function createVoiceRepository(db: Db) {
  const selectWithContact = (tx: Db = db) =>
    tx
      .select({ row: voiceMessages, contact: contacts, cursorAt })
      .from(voiceMessages)
      .innerJoin(contacts, eq(contacts.id, voiceMessages.contactId));

  return {
    /** Stores a voice message; null when the provider's recording id is already stored (a callback retry). */
    async insert(input: NewVoiceMessage): Promise<{ id: string } | null> {
      const [row] = await db
        .insert(voiceMessages)
        .values({
          workspaceId: input.workspaceId,
          networkId: input.networkId,
          conversationId: input.conversationId,
          contactId: input.contactId,
          providerRecordingId: input.providerRecordingId,
          storageKey: input.storageKey,
          contentType: input.contentType,
          sizeBytes: input.sizeBytes,
          durationSeconds: input.durationSeconds,
          transcript: input.transcript,
          createdAt: input.createdAt,
        })
        .onConflictDoNothing({ target: [voiceMessages.networkId, voiceMessages.providerRecordingId] })
        .returning({ id: voiceMessages.id });
      return row ?? null;
    },

    /** Voice messages nobody listened to yet (the navigation badge). */
    async unlistenedCount(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(voiceMessages)
        .where(and(eq(voiceMessages.workspaceId, workspaceId), isNull(voiceMessages.listenedAt)));
      return row?.n ?? 0;
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
