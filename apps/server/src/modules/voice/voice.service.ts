import {
  type RecordingUrlResponse,
  type VoiceMessage,
  type VoiceMessageListQuerySchema,
  type VoiceMessageListResponse,
} from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import type { ByteRange, FileStorage } from '../../lib/file-storage.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { toContact } from '../contacts/contact-view.js';
import type { RecordingTokens } from './recording-token.js';
import { createVoiceIntake, type VoiceIntakeDeps } from './voice-intake.js';
import { createVoiceRepository, type VoiceMessageWithContact } from './voice.repository.js';

export type { ProviderRecording, StoredUpload } from './voice-intake.js';

export interface VoiceDeps extends Pick<VoiceIntakeDeps, 'networks' | 'contacts' | 'messaging'> {
  db: Db;
  events: EventPublisher;
  storage: FileStorage;
  recordingTokens: RecordingTokens;
  log: FastifyBaseLogger;
}

type ListQuery = z.output<typeof VoiceMessageListQuerySchema>;

function toVoiceMessage({ row, contact }: VoiceMessageWithContact): VoiceMessage {
  return {
    id: row.id,
    networkId: row.networkId,
    conversationId: row.conversationId,
    contact: toContact(contact),
    durationSeconds: row.durationSeconds,
    transcript: row.transcript,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    listened: row.listenedAt !== null,
    listenedAt: row.listenedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Voice messages (the voice inbox): storage of the audio, listing, listened flag, signed links. */
export function createVoiceService(deps: VoiceDeps) {
  const repo = createVoiceRepository(deps.db);
  const notFound = () => new AppError('NOT_FOUND', 'No such voice message in this workspace.');

  async function load(workspaceId: string, id: string): Promise<VoiceMessageWithContact> {
    const found = await repo.find(workspaceId, id);
    if (!found) throw notFound();
    return found;
  }

  function publish(event: 'voice-message.created' | 'voice-message.updated', found: VoiceMessageWithContact) {
    deps.events.toWorkspace(found.row.workspaceId, event, { voiceMessage: toVoiceMessage(found) });
  }

  const intake = createVoiceIntake({
    ...deps,
    repo,
    async created(workspaceId, id) {
      const found = await load(workspaceId, id);
      publish('voice-message.created', found);
      return toVoiceMessage(found);
    },
  });

  return {
    ...intake,

    /** The navigation badge: voice messages nobody listened to yet. */
    unlistenedCount: (workspaceId: string) => repo.unlistenedCount(workspaceId),

    async list(workspaceId: string, query: ListQuery): Promise<VoiceMessageListResponse> {
      const rows = await repo.list(workspaceId, {
        q: query.q || undefined,
        networkId: query.networkId,
        unlistened: query.unlistened,
        from: query.from,
        to: query.to,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        voiceMessages: page.map(toVoiceMessage),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.row.id }) : null,
      };
    },

    get: async (workspaceId: string, id: string) => toVoiceMessage(await load(workspaceId, id)),

    async setListened(workspaceId: string, id: string, listened: boolean): Promise<VoiceMessage> {
      if (!(await repo.setListened(workspaceId, id, listened))) throw notFound();
      const found = await load(workspaceId, id);
      publish('voice-message.updated', found);
      return toVoiceMessage(found);
    },

    /** A transcript arrived for a recording; false when no message has that recording id. */
    async setTranscript(networkId: string, providerRecordingId: string, transcript: string): Promise<boolean> {
      const updated = await repo.setTranscript(networkId, providerRecordingId, transcript);
      if (!updated) return false;
      publish('voice-message.updated', await load(updated.workspaceId, updated.id));
      return true;
    },

    /** A short-lived link the browser's <audio> element and download links can use without a header. */
    async recordingLink(workspaceId: string, id: string): Promise<RecordingUrlResponse> {
      await load(workspaceId, id);
      const { token, expiresAt } = await deps.recordingTokens.sign({ voiceMessageId: id, workspaceId });
      return {
        url: `/api/voice-messages/${id}/recording?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The stored audio of a workspace's voice message: its type, size and a reader (whole or a range). */
    async recording(workspaceId: string, id: string) {
      const found = await load(workspaceId, id);
      const info = await deps.storage.stat(found.row.storageKey);
      if (!info) {
        deps.log.error({ voiceMessageId: id, storageKey: found.row.storageKey }, 'a recording file is missing');
        throw new AppError('NOT_FOUND', 'The recording file of this voice message is missing.');
      }
      return {
        voiceMessage: toVoiceMessage(found),
        sizeBytes: info.sizeBytes,
        open: (range?: ByteRange) => deps.storage.open(found.row.storageKey, range),
      };
    },

    recordingTokens: deps.recordingTokens,
    /** Where uploads are written before createFromUpload takes them. */
    storage: deps.storage,
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
