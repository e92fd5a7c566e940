import {
  MAX_VOICE_FILE_BYTES,
  type RecordingUrlResponse,
  type VoiceMessage,
  type VoiceMessageListQuerySchema,
  type VoiceMessageListResponse,
  type VoiceUploadFields,
} from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { NetworkRuntime } from '../../channels/channel.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { newStorageKey, type ByteRange, type FileStorage } from '../../lib/file-storage.js';
import { normaliseSender, requireE164 } from '../../lib/phone-number.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { toContact } from '../messaging/message-rows.js';
import type { NetworksService } from '../networks/networks.service.js';
import { probeAudio, type VoiceContentType } from './audio-probe.js';
import { DEMO_VOICE_MESSAGES } from './demo-voice-messages.js';
import type { RecordingTokens } from './recording-token.js';
import { createVoiceRepository, type VoiceMessageWithContact } from './voice.repository.js';

export interface VoiceDeps {
  db: Db;
  networks: NetworksService;
  events: EventPublisher;
  storage: FileStorage;
  recordingTokens: RecordingTokens;
  log: FastifyBaseLogger;
}

/** An uploaded file already written to storage (see voice-upload.ts). */
export interface StoredUpload {
  storageKey: string;
  sizeBytes: number;
  /** The declared type, mapped to an accepted one. */
  contentType: VoiceContentType;
}

/** A recording a provider announced (Twilio's <Record> callback). */
export interface ProviderRecording {
  network: NetworkRuntime;
  from: string;
  providerRecordingId: string;
  durationSeconds: number | null;
  contentType: VoiceContentType;
  /** Fetches the audio; called only when the recording is not stored yet. */
  download(): Promise<Readable>;
}

type ListQuery = z.output<typeof VoiceMessageListQuerySchema>;

const STORAGE_PREFIX = 'voice';

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

/** Counts bytes as they pass and fails the stream past `max` (a provider's file has no multipart limit). */
async function* limited(source: Readable, max: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) throw new AppError('PAYLOAD_TOO_LARGE', `The recording is larger than ${max} bytes.`);
    yield chunk;
  }
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

  /**
   * Checks what the stored bytes really are; the declared type must match them (a text file sent
   * as audio/mpeg is refused). The duration comes from the file unless the caller gave one.
   */
  async function inspect(storageKey: string, sizeBytes: number, declared: VoiceContentType) {
    const probe = await probeAudio(await deps.storage.open(storageKey), sizeBytes);
    if (!probe || probe.contentType !== declared) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        probe
          ? `The file is ${probe.contentType}, not ${declared} as declared.`
          : `The file is not ${declared} audio (accepted: MP3, WAV, Ogg, WebM).`,
      );
    }
    return probe;
  }

  /** Stores the row for audio already in storage and tells the browsers; null for a duplicate. */
  async function create(input: Parameters<typeof repo.insert>[0]): Promise<VoiceMessage | null> {
    const inserted = await repo.insert(input);
    if (!inserted) return null;
    const found = await load(input.workspaceId, inserted.id);
    publish('voice-message.created', found);
    return toVoiceMessage(found);
  }

  return {
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

    /**
     * A voice message uploaded through the API (a PBX, a script). The file is already in storage;
     * whatever refuses the upload also deletes it.
     */
    async createFromUpload(workspaceId: string, fields: VoiceUploadFields, file: StoredUpload): Promise<VoiceMessage> {
      try {
        const network = await deps.networks.runtimeInWorkspace(workspaceId, fields.networkId);
        if (!network.enabled) {
          throw new AppError('NETWORK_DISABLED', 'This network is disabled and accepts no voice messages.');
        }
        const caller = requireE164(fields.caller, 'caller');
        const probe = await inspect(file.storageKey, file.sizeBytes, file.contentType);
        const created = await create({
          workspaceId,
          networkId: network.id,
          phoneNumber: caller,
          providerRecordingId: null,
          storageKey: file.storageKey,
          contentType: probe.contentType,
          sizeBytes: file.sizeBytes,
          durationSeconds: fields.durationSeconds ?? probe.durationSeconds,
          transcript: fields.transcript || null,
        });
        return created!;
      } catch (error) {
        await deps.storage.remove(file.storageKey);
        throw error;
      }
    },

    /**
     * A provider's recording: stored once per recording id (a callback retry finds it and
     * downloads nothing). 'stored' or 'duplicate'; throws when the audio cannot be had.
     */
    async receiveRecording(recording: ProviderRecording): Promise<'stored' | 'duplicate'> {
      const { network } = recording;
      if (await repo.findByRecording(network.id, recording.providerRecordingId)) return 'duplicate';
      const storageKey = newStorageKey(STORAGE_PREFIX);
      try {
        const source = await recording.download();
        const { sizeBytes } = await deps.storage.put(storageKey, limited(source, MAX_VOICE_FILE_BYTES));
        const probe = await inspect(storageKey, sizeBytes, recording.contentType);
        const created = await create({
          workspaceId: network.workspaceId,
          networkId: network.id,
          phoneNumber: normaliseSender(recording.from),
          providerRecordingId: recording.providerRecordingId,
          storageKey,
          contentType: probe.contentType,
          sizeBytes,
          durationSeconds: recording.durationSeconds ?? probe.durationSeconds,
          transcript: null,
        });
        if (created) return 'stored';
        // Another instance (or a concurrent retry) stored it first.
        await deps.storage.remove(storageKey);
        return 'duplicate';
      } catch (error) {
        await deps.storage.remove(storageKey);
        throw error;
      }
    },

    /** A transcript arrived for a recording; false when no message has that recording id. */
    async setTranscript(networkId: string, providerRecordingId: string, transcript: string): Promise<boolean> {
      const updated = await repo.setTranscript(networkId, providerRecordingId, transcript);
      if (!updated) return false;
      publish('voice-message.updated', await load(updated.workspaceId, updated.id));
      return true;
    },

    /** Fills the voice inbox of a freshly seeded Demo workspace (DEMO_SEED). */
    /** Two voice messages on the Demo workspace's sandbox network. */
    async seedDemo(sandbox: { id: string; workspaceId: string }): Promise<void> {
      for (const demo of DEMO_VOICE_MESSAGES) {
        const storageKey = newStorageKey(STORAGE_PREFIX);
        const audio = demo.audio();
        const { sizeBytes } = await deps.storage.put(storageKey, Readable.from([audio]));
        const probe = await inspect(storageKey, sizeBytes, 'audio/wav');
        const inserted = await repo.insert({
          workspaceId: sandbox.workspaceId,
          networkId: sandbox.id,
          phoneNumber: demo.caller,
          providerRecordingId: null,
          storageKey,
          contentType: 'audio/wav',
          sizeBytes,
          durationSeconds: probe.durationSeconds,
          transcript: demo.transcript,
          createdAt: new Date(Date.now() - demo.hoursAgo * 3600_000),
        });
        if (inserted && demo.listened) await repo.setListened(sandbox.workspaceId, inserted.id, true);
      }
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
