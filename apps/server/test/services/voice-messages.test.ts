import {
  ConversationListQuerySchema,
  CreateNetworkBodySchema,
  ReplyBodySchema,
  UpdateVoiceMessageBodySchema,
  VoiceMessageListQuerySchema,
  VoiceUploadFieldsSchema,
  type VoiceMessage,
  type VoiceMessageListQuery,
  type VoiceMessageListResponse,
} from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, voiceMessages } from '../../src/db/schema/index.js';
import { newStorageKey } from '../../src/lib/file-storage.js';
import { wavFile } from '../helpers/audio-files.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

describe('voice messages: list, search, listened', () => {
  let t: TestServices;
  let filesDir: string;
  let workspaceId: string;
  let sandboxId: string;
  let httpId: string;
  let stranger: { workspaceId: string; sandboxId: string };
  let strangerMessage: VoiceMessage;
  const created: VoiceMessage[] = [];

  /** What POST /api/voice-messages does once the multipart body is read: the file stored, the fields parsed. */
  const upload = async (inWorkspace: string, fields: Record<string, string>) => {
    const audio = wavFile(0.25);
    const storageKey = newStorageKey('voice');
    await t.services.voice.storage.put(storageKey, Readable.from([audio]));
    return t.services.voice.createFromUpload(inWorkspace, VoiceUploadFieldsSchema.parse(fields), {
      storageKey,
      contentType: 'audio/wav',
      sizeBytes: audio.length,
    });
  };
  /** The list as GET /api/voice-messages reads it (the query read through the contract). */
  const list = (query: VoiceMessageListQuery = {}, inWorkspace = workspaceId) =>
    t.services.voice.list(inWorkspace, VoiceMessageListQuerySchema.parse(query));
  const setListened = (id: string, listened: boolean, inWorkspace = workspaceId) =>
    t.services.voice.setListened(inWorkspace, id, UpdateVoiceMessageBodySchema.parse({ listened }).listened);

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'sb-voice-service-'));
    t = await createTestServices({ config: { filesDir, publicUrl: 'https://sb.example.com' } });
    ({
      workspaceId,
      sandbox: { id: sandboxId },
    } = await t.workspace('Owner'));
    const other = await t.workspace('Stranger');
    stranger = { workspaceId: other.workspaceId, sandboxId: other.sandbox.id };
    const http = await t.services.networks.create(
      workspaceId,
      CreateNetworkBodySchema.parse({
        kind: 'http',
        name: 'Office line',
        address: '+14155550100',
        settings: { accountSid: 'AC0123456789', authToken: 'super-secret-auth-token-1234' },
      }),
    );
    httpId = http.network.id;

    // Seven messages, oldest first: five on the sandbox, two on the office line.
    const callers = ['+14155550101', '+14155550102', '+14155550103', '+14155550104', '+14155550105'];
    for (const [i, caller] of callers.entries()) {
      created.push(await upload(workspaceId, { networkId: sandboxId, caller, transcript: `Message number ${i}` }));
    }
    created.push(
      await upload(workspaceId, { networkId: httpId, caller: '+4930901820', transcript: 'Rückruf bitte, 50% Rabatt' }),
    );
    created.push(await upload(workspaceId, { networkId: httpId, caller: '+14155550101' }));
    // Spread them over days (created[0] oldest), and give one caller a name.
    for (const [i, message] of created.entries()) {
      await t.db
        .update(voiceMessages)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 10 + i, 12)) })
        .where(eq(voiceMessages.id, message.id));
    }
    await t.db.update(contacts).set({ name: 'Ada Lovelace' }).where(eq(contacts.id, created[2]!.contact.id));
    strangerMessage = await upload(stranger.workspaceId, {
      networkId: stranger.sandboxId,
      caller: '+14155550101',
      transcript: 'Message number 0',
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const idsOf = (page: VoiceMessageListResponse) => page.voiceMessages.map((m) => m.id);
  const newestFirst = () => [...created].reverse().map((m) => m.id);

  it('lists the workspace’s voice messages newest first, never another workspace’s', async () => {
    const page = await list();
    expect(idsOf(page)).toEqual(newestFirst());
    expect(page.nextCursor).toBeNull();
    expect(page.voiceMessages[0]).toMatchObject({ networkId: httpId, contact: { phoneNumber: '+14155550101' } });
    expect(idsOf(await list({}, stranger.workspaceId))).toEqual([strangerMessage.id]);
  });

  it('pages with a cursor without gaps or repeats, even while new messages arrive', async () => {
    const first = await list({ limit: 3 });
    expect(first.voiceMessages).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    // A new message arrives between pages: it is newer than the cursor and does not shift it.
    const late = await upload(workspaceId, { networkId: sandboxId, caller: '+14155550199' });
    const second = await list({ limit: 3, cursor: first.nextCursor! });
    const third = await list({ limit: 3, cursor: second.nextCursor! });
    expect(third.nextCursor).toBeNull();
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(newestFirst());
    expect(idsOf(await list({ limit: 1 }))).toEqual([late.id]);
    await t.db.delete(voiceMessages).where(eq(voiceMessages.id, late.id));
  });

  it('keeps rows with the same time apart by id across pages', async () => {
    const same = new Date(Date.UTC(2025, 0, 5, 12, 0, 0, 0));
    const ids = created.slice(0, 3).map((m) => m.id);
    await t.db.execute(
      sql`update voice_messages set created_at = ${same.toISOString()}::timestamptz + interval '7 microseconds'
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ limit: 2, cursor });
      seen.push(...idsOf(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(created.length);
    expect(new Set(seen).size).toBe(created.length);
    expect(seen.slice(-3)).toEqual([...ids].sort().reverse());
    // Back to their own days.
    for (const [i, id] of ids.entries()) {
      await t.db
        .update(voiceMessages)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 10 + i, 12)) })
        .where(eq(voiceMessages.id, id));
    }
  });

  it('refuses a cursor it did not give out', async () => {
    for (const cursor of ['garbage', Buffer.from('2025-01-01T00:00:00Z|not-a-uuid').toString('base64url')]) {
      await expect(list({ cursor }), cursor).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('searches caller numbers, contact names and transcripts (wildcards taken literally)', async () => {
    expect(idsOf(await list({ q: '+4930' }))).toEqual([created[5]!.id]);
    expect(idsOf(await list({ q: 'ada love' }))).toEqual([created[2]!.id]);
    expect(idsOf(await list({ q: 'number 3' }))).toEqual([created[3]!.id]);
    expect(idsOf(await list({ q: '50%' }))).toEqual([created[5]!.id]);
    expect(idsOf(await list({ q: '%' }))).toEqual([created[5]!.id]);
    expect(idsOf(await list({ q: 'nobody-says-this' }))).toEqual([]);
  });

  it('filters by network, by time and by unlistened', async () => {
    expect(idsOf(await list({ networkId: httpId }))).toEqual([created[6]!.id, created[5]!.id]);
    expect(idsOf(await list({ from: '2025-01-11T00:00:00Z', to: '2025-01-13T12:00:00Z' }))).toEqual([
      created[2]!.id,
      created[1]!.id,
    ]);
    expect(idsOf(await list({ unlistened: 'true', networkId: httpId }))).toHaveLength(2);
  });

  it('marks listened and unlistened, keeps the first listened time, and tells the workspace', async () => {
    const target = created[4]!;
    const announced = () =>
      t.events
        .of(workspaceId, 'voice-message.updated')
        .filter((e) => e.voiceMessage.id === target.id)
        .map((e) => e.voiceMessage.listened);
    const first = await setListened(target.id, true);
    expect(first).toMatchObject({ id: target.id, listened: true, listenedAt: expect.any(String) as string });
    const again = await setListened(target.id, true);
    expect(again.listenedAt).toBe(first.listenedAt);
    expect(idsOf(await list({ unlistened: '1' }))).not.toContain(target.id);
    expect(await t.services.conversations.counts(workspaceId)).toMatchObject({
      unlistenedVoiceMessages: created.length - 1,
    });

    const unlistened = await setListened(target.id, false);
    expect(unlistened).toMatchObject({ listened: false, listenedAt: null });
    expect(idsOf(await list({ unlistened: '1' }))).toContain(target.id);

    expect(announced()).toEqual([true, true, false]);
    expect(t.events.of(stranger.workspaceId, 'voice-message.updated')).toEqual([]);
  });

  it('shows one voice message; another workspace’s or an unknown one is not found, and stays untouched', async () => {
    expect(await t.services.voice.get(workspaceId, created[1]!.id)).toMatchObject({
      id: created[1]!.id,
      transcript: 'Message number 1',
    });
    const notFound = { code: 'NOT_FOUND' };
    await expect(t.services.voice.get(workspaceId, strangerMessage.id)).rejects.toMatchObject(notFound);
    await expect(setListened(strangerMessage.id, true)).rejects.toMatchObject(notFound);
    await expect(t.services.voice.recordingLink(workspaceId, strangerMessage.id)).rejects.toMatchObject(notFound);
    await expect(t.services.voice.get(workspaceId, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject(
      notFound,
    );
    // The stranger's message was not marked by the refused change.
    expect((await t.services.voice.get(stranger.workspaceId, strangerMessage.id)).listenedAt).toBeNull();
  });

  it('keeps a caller who never texted out of the SMS inbox until a text is exchanged', async () => {
    const voice = await upload(workspaceId, { networkId: sandboxId, caller: '+14155550177' });
    const sms = async () => {
      const { cursor, limit, ...filters } = ConversationListQuerySchema.parse({ limit: 100 });
      const page = await t.services.conversations.list(workspaceId, filters, cursor, limit);
      return page.conversations.map((c) => c.id);
    };
    expect(await sms()).not.toContain(voice.conversationId);
    const { body } = ReplyBodySchema.parse({ body: 'Sorry we missed your call. How can we help?' });
    expect(await t.services.conversations.reply(workspaceId, voice.conversationId, body)).toMatchObject({
      conversationId: voice.conversationId,
      state: 'queued',
    });
    expect(await sms()).toContain(voice.conversationId);
  });
});
