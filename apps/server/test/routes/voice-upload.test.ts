import {
  MAX_VOICE_FILE_BYTES,
  type NetworksResponse,
  type VoiceMessage,
  type VoiceMessageResponse,
} from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, voiceMessages } from '../../src/db/schema/index.js';
import { MP3_FRAME_SECONDS, mp3File, multipartBody, wavFile } from '../helpers/audio-files.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

/** Every file under a directory, recursively (temporary files included). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('POST /api/voice-messages (upload)', () => {
  let t: TestApp;
  let filesDir: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let networkId: string;
  let strangerNetworkId: string;
  const caller = '+14155550142';

  const sandboxOf = async (who: SignedIn) => {
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: who.authorization });
    return list.json<NetworksResponse>().networks.find((n) => n.kind === 'sandbox')!.id;
  };
  const upload = async (
    fields: Record<string, string>,
    file?: Parameters<typeof multipartBody>[1],
    who: SignedIn = admin,
  ) => {
    const body = await multipartBody(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/voice-messages',
      payload: body.payload,
      headers: { ...who.authorization, ...body.headers },
    });
  };
  const wav = () => ({ content: wavFile(1.5), type: 'audio/wav', name: 'call.wav' });
  const rowCount = async () => (await t.app.database.db.select({ id: voiceMessages.id }).from(voiceMessages)).length;

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'sb-voice-upload-'));
    t = await createTestApp({ FILES_DIR: filesDir });
    admin = await register(t.app, 'owner@voice-upload.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@voice-upload.example', 'editor');
    editor = await login(t.app, 'editor@voice-upload.example');
    stranger = await register(t.app, 'owner@other-voice-upload.example', 'Stranger');
    networkId = await sandboxOf(admin);
    strangerNetworkId = await sandboxOf(stranger);
  });
  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('stores a real WAV: 201, measured duration, the caller’s contact and conversation, the file on disk', async () => {
    const content = wavFile(1.5);
    const response = await upload(
      { networkId, caller: '+1 415 555 0142', transcript: 'Call me back' },
      {
        content,
        type: 'audio/wav',
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { voiceMessage } = response.json<VoiceMessageResponse>();
    expect(voiceMessage).toMatchObject({
      networkId,
      contentType: 'audio/wav',
      sizeBytes: content.length,
      transcript: 'Call me back',
      listened: false,
      listenedAt: null,
      contact: { phoneNumber: caller },
    });
    expect(voiceMessage.durationSeconds).toBeCloseTo(1.5, 2);

    const [row] = await t.app.database.db.select().from(voiceMessages).where(eq(voiceMessages.id, voiceMessage.id));
    expect(row!.workspaceId).toBe(admin.userData.workspaceId);
    expect(row!.storageKey).toMatch(/^voice\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(await readFile(join(filesDir, ...row!.storageKey.split('/')))).toEqual(content);

    // The conversation of (network, caller) exists, but voice does not touch the SMS counters.
    const [thread] = await t.app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, voiceMessage.conversationId));
    expect(thread).toMatchObject({ networkId, unreadCount: 0, lastMessagePreview: '' });
  });

  it('treats empty optional fields as absent', async () => {
    const response = await upload({ networkId, caller, transcript: '', durationSeconds: '' }, wav());
    expect(response.statusCode, response.body).toBe(201);
    const { voiceMessage } = response.json<VoiceMessageResponse>();
    expect(voiceMessage.transcript).toBeNull();
    expect(voiceMessage.durationSeconds).toBeCloseTo(1.5, 2);
  });

  it('stores an MP3 sent as audio/mp3 (an alias) and keeps the duration the caller gives', async () => {
    const response = await upload(
      { networkId, caller, durationSeconds: '42.5' },
      { content: mp3File(80), type: 'audio/mp3', name: 'call.mp3' },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<VoiceMessageResponse>().voiceMessage).toMatchObject({
      contentType: 'audio/mpeg',
      durationSeconds: 42.5,
    });
  });

  it('measures an MP3’s duration when none is given, and files the same caller in the same conversation', async () => {
    const first = await upload({ networkId, caller }, wav());
    const second = await upload({ networkId, caller }, { content: mp3File(100), type: 'audio/mpeg' });
    expect(second.statusCode, second.body).toBe(201);
    const message = second.json<VoiceMessageResponse>().voiceMessage;
    expect(message.durationSeconds).toBeCloseTo(100 * MP3_FRAME_SECONDS, 2);
    expect(message.conversationId).toBe(first.json<VoiceMessageResponse>().voiceMessage.conversationId);
  });

  describe('refusals (no row, no file left behind)', () => {
    let before: number;
    let filesBefore: string[];
    const expectNothingStored = async () => {
      expect(await rowCount()).toBe(before);
      expect(await filesUnder(filesDir)).toEqual(filesBefore);
    };
    beforeAll(async () => {
      before = await rowCount();
      filesBefore = await filesUnder(filesDir);
      // The uploads above are on disk, and nothing temporary is left of them.
      expect(filesBefore).toHaveLength(before);
      expect(filesBefore.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });

    it('answers 415 to a text/plain file', async () => {
      const response = await upload({ networkId, caller }, { content: Buffer.from('hello'), type: 'text/plain' });
      expectErrorBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectNothingStored();
    });

    it('answers 415, not 413, to a text file that is also too large', async () => {
      const content = Buffer.alloc(MAX_VOICE_FILE_BYTES + 10, 'a');
      const response = await upload({ networkId, caller }, { content, type: 'text/plain' });
      expectErrorBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectNothingStored();
    });

    it('answers 415 to a file declared audio/mpeg that is not audio', async () => {
      const fake = Buffer.from('This is not an MP3 at all, just text pretending to be one. '.repeat(40));
      const response = await upload({ networkId, caller }, { content: fake, type: 'audio/mpeg', name: 'x.mp3' });
      expect(expectErrorBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE').error).toMatch(/not audio\/mpeg/);
      await expectNothingStored();
    });

    it('answers 415 when the bytes are another format than declared (a WAV sent as audio/ogg)', async () => {
      const response = await upload({ networkId, caller }, { content: wavFile(0.5), type: 'audio/ogg' });
      expect(expectErrorBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE').error).toMatch(/audio\/wav/);
      await expectNothingStored();
    });

    it('answers 413 to a file over 20 MB and deletes what was written of it', async () => {
      const big = wavFile(1);
      const content = Buffer.concat([big, Buffer.alloc(MAX_VOICE_FILE_BYTES + 1 - big.length)]);
      const response = await upload({ networkId, caller }, { content, type: 'audio/wav' });
      expectErrorBody(response, 413, 'PAYLOAD_TOO_LARGE');
      await expectNothingStored();
    });

    it('answers 400 without a file', async () => {
      const response = await upload({ networkId, caller });
      const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
      expect(body.fields).toEqual([expect.objectContaining({ path: 'body.file' })]);
      await expectNothingStored();
    });

    it('answers 400 naming the missing fields', async () => {
      const response = await upload({}, wav());
      const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
      expect(body.fields?.map((f) => f.path).sort()).toEqual(['body.caller', 'body.networkId']);
      await expectNothingStored();
    });

    it('answers 400 to a caller that is not an international number', async () => {
      const response = await upload({ networkId, caller: '0415 555' }, wav());
      expectErrorBody(response, 400, 'INVALID_PHONE_NUMBER');
      await expectNothingStored();
    });

    it('answers 400 to a negative duration', async () => {
      const response = await upload({ networkId, caller, durationSeconds: '-3' }, wav());
      expectErrorBody(response, 400, 'VALIDATION_FAILED');
      await expectNothingStored();
    });

    it('answers 400 to two files', async () => {
      const form = new FormData();
      form.append('networkId', networkId);
      form.append('caller', caller);
      form.append('file', new Blob([wavFile(0.2)], { type: 'audio/wav' }), 'a.wav');
      form.append('file', new Blob([wavFile(0.2)], { type: 'audio/wav' }), 'b.wav');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/voice-messages',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { ...admin.authorization, 'content-type': request.headers.get('content-type')! },
      });
      expectErrorBody(response, 400, 'VALIDATION_FAILED');
      await expectNothingStored();
    });

    it('answers 415 to a JSON body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/voice-messages',
        headers: admin.authorization,
        payload: { networkId, caller },
      });
      expectErrorBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectNothingStored();
    });

    it('answers 404 for another workspace’s network and for an unknown one', async () => {
      expectErrorBody(await upload({ networkId: strangerNetworkId, caller }, wav()), 404, 'NOT_FOUND');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectErrorBody(await upload({ networkId: unknown, caller }, wav()), 404, 'NOT_FOUND');
      await expectNothingStored();
    });

    it('answers 403 NETWORK_DISABLED for a disabled network', async () => {
      try {
        await t.app.inject({
          method: 'PATCH',
          url: `/api/networks/${networkId}`,
          headers: admin.authorization,
          payload: { enabled: false },
        });
        expectErrorBody(await upload({ networkId, caller }, wav()), 403, 'NETWORK_DISABLED');
      } finally {
        await t.app.inject({
          method: 'PATCH',
          url: `/api/networks/${networkId}`,
          headers: admin.authorization,
          payload: { enabled: true },
        });
      }
      await expectNothingStored();
    });

    it('refuses editors (403) and anonymous callers (401)', async () => {
      expectErrorBody(await upload({ networkId, caller }, wav(), editor), 403, 'FORBIDDEN');
      const body = await multipartBody({ networkId, caller }, wav());
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/voice-messages', ...body });
      expectErrorBody(anonymous, 401, 'UNAUTHENTICATED');
      await expectNothingStored();
    });
  });

  it('lists what was uploaded', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/voice-messages', headers: admin.authorization });
    const list = response.json<{ voiceMessages: VoiceMessage[] }>().voiceMessages;
    expect(list.length).toBe(await rowCount());
  });
});
