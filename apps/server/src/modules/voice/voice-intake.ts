import { MAX_VOICE_FILE_BYTES, type VoiceMessage, type VoiceUploadFields } from '@switchboard/contract';
import { Readable } from 'node:stream';
import type { NetworkRuntime } from '../../channels/channel.js';
import { AppError } from '../../lib/app-error.js';
import { newStorageKey, type FileStorage } from '../../lib/file-storage.js';
import { normaliseSender, requireE164 } from '../../lib/phone-number.js';
import type { ContactsService } from '../contacts/contacts.service.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import { probeAudio, type VoiceContentType } from './audio-probe.js';
import { DEMO_VOICE_MESSAGES } from './demo-voice-messages.js';
import type { NewVoiceMessage, VoiceRepository } from './voice.repository.js';

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

export interface VoiceIntakeDeps {
  repo: VoiceRepository;
  networks: Pick<NetworksService, 'runtimeInWorkspace'>;
  contacts: Pick<ContactsService, 'findOrCreate'>;
  messaging: Pick<MessagingService, 'ensureVoiceThread'>;
  storage: FileStorage;
  /** Publishes `voice-message.created` for a stored row and answers it as the API shows it. */
  created(workspaceId: string, id: string): Promise<VoiceMessage>;
}

type NewRecording = Omit<NewVoiceMessage, 'contactId' | 'conversationId'> & { phoneNumber: string };

const STORAGE_PREFIX = 'voice';

/** Counts bytes as they pass and fails the stream past `max` (a provider's file has no multipart limit). */
async function* limited(source: Readable, max: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) throw new AppError('PAYLOAD_TOO_LARGE', `The recording is larger than ${max} bytes.`);
    yield chunk;
  }
}

/**
 * How voice messages come in: an API upload, a provider's recording, the demo seed. The audio is
 * in storage first; the caller's contact (contacts) and conversation (messaging) are found or
 * made, then the row is stored once per provider recording id.
 */
export function createVoiceIntake(deps: VoiceIntakeDeps) {
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

  /** Stores the row for audio already in storage; null for a duplicate (the row is not announced). */
  async function insert({ phoneNumber, ...input }: NewRecording): Promise<{ id: string } | null> {
    const contact = await deps.contacts.findOrCreate(input.workspaceId, phoneNumber);
    const conversationId = await deps.messaging.ensureVoiceThread(input.workspaceId, input.networkId, contact.id);
    return deps.repo.insert({ ...input, contactId: contact.id, conversationId });
  }

  async function create(input: NewRecording): Promise<VoiceMessage | null> {
    const inserted = await insert(input);
    return inserted ? deps.created(input.workspaceId, inserted.id) : null;
  }

  return {
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
      if (await deps.repo.findByRecording(network.id, recording.providerRecordingId)) return 'duplicate';
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

    /** Fills the voice inbox of a freshly seeded Demo workspace (DEMO_SEED). */
    /** Two voice messages on the Demo workspace's sandbox network. */
    async seedDemo(sandbox: { id: string; workspaceId: string }): Promise<void> {
      for (const demo of DEMO_VOICE_MESSAGES) {
        const storageKey = newStorageKey(STORAGE_PREFIX);
        const audio = demo.audio();
        const { sizeBytes } = await deps.storage.put(storageKey, Readable.from([audio]));
        const probe = await inspect(storageKey, sizeBytes, 'audio/wav');
        const inserted = await insert({
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
        if (inserted && demo.listened) await deps.repo.setListened(sandbox.workspaceId, inserted.id, true);
      }
    },
  };
}
