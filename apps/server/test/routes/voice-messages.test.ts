import type {
  NetworkResponse,
  NetworksResponse,
  VoiceMessage,
  VoiceMessageListResponse,
  VoiceMessageResponse,
} from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceMessages } from '../../src/db/schema/index.js';
import { multipartBody, wavFile } from '../helpers/audio-files.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { QUIET_MS, sleep, socketClients } from '../helpers/socket-clients.js';

describe('/api/voice-messages (list, detail, listened)', () => {
  let t: TestApp;
  let filesDir: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let sandboxId: string;
  let httpId: string;
  let strangerMessage: VoiceMessage;
  const created: VoiceMessage[] = [];

  const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.authorization });
  const list = async (query = '', who: SignedIn = admin) => {
    const response = await get(`/api/voice-messages${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VoiceMessageListResponse>();
  };
  const upload = async (who: SignedIn, fields: Record<string, string>) => {
    const body = await multipartBody(fields, { content: wavFile(0.25), type: 'audio/wav' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/voice-messages',
      payload: body.payload,
      headers: { ...who.authorization, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<VoiceMessageResponse>().voiceMessage;
  };
  const patch = (id: string, payload: object, who: SignedIn = admin) =>
    t.app.inject({ method: 'PATCH', url: `/api/voice-messages/${id}`, headers: who.authorization, payload });

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'sb-voice-list-'));
    t = await createTestApp({ FILES_DIR: filesDir, PUBLIC_URL: 'https://sb.example.com' });
    admin = await register(t.app, 'owner@voice-list.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@voice-list.example', 'editor');
    editor = await login(t.app, 'editor@voice-list.example');
    stranger = await register(t.app, 'owner@other-voice-list.example', 'Stranger');
    const networks = (await get('/api/networks')).json<NetworksResponse>().networks;
    sandboxId = networks.find((n) => n.kind === 'sandbox')!.id;
    const http = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: {
        kind: 'http',
        name: 'Office line',
        address: '+14155550100',
        settings: { accountSid: 'AC0123456789', authToken: 'super-secret-auth-token-1234' },
      },
    });
    httpId = http.json<NetworkResponse>().network.id;

    // Three messages, oldest first: two on the sandbox, one on the office line.
    created.push(await upload(admin, { networkId: sandboxId, caller: '+14155550101', transcript: 'Message number 0' }));
    created.push(await upload(admin, { networkId: sandboxId, caller: '+14155550102', transcript: 'Message number 1' }));
    created.push(await upload(admin, { networkId: httpId, caller: '+4930901820', transcript: 'Rückruf bitte' }));
    for (const [i, message] of created.entries()) {
      await t.app.database.db
        .update(voiceMessages)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 10 + i, 12)) })
        .where(eq(voiceMessages.id, message.id));
    }
    strangerMessage = await upload(stranger, {
      networkId: (await get('/api/networks', stranger)).json<NetworksResponse>().networks[0]!.id,
      caller: '+14155550101',
      transcript: 'Message number 0',
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const idsOf = (page: VoiceMessageListResponse) => page.voiceMessages.map((m) => m.id);

  // The rules (order, paging while messages arrive, ties, search, filters, the listened flag and
  // its event, isolation, voice-only callers) are tested in test/services/voice-messages.test.ts;
  // here: the query string, status codes, validation, roles, isolation and socket delivery.
  it('reads the cursor, limit, search and filters from the query string', async () => {
    const first = await list('?limit=2');
    expect(idsOf(first)).toEqual([created[2]!.id, created[1]!.id]);
    expect(idsOf(await list(`?limit=2&cursor=${first.nextCursor}`))).toEqual([created[0]!.id]);
    expect(idsOf(await list('?q=%2B4930'))).toEqual([created[2]!.id]);
    expect(idsOf(await list('?q=number%201'))).toEqual([created[1]!.id]);
    expect(idsOf(await list(`?networkId=${httpId}&unlistened=1`))).toEqual([created[2]!.id]);
    const from = encodeURIComponent('2025-01-11T00:00:00Z');
    // Offsets count: 12:30 in Berlin is 11:30 UTC, before the message of 12:00 UTC.
    expect(idsOf(await list(`?from=${from}&to=${encodeURIComponent('2025-01-11T12:30:00Z')}`))).toEqual([
      created[1]!.id,
    ]);
    expect(idsOf(await list(`?from=${from}&to=${encodeURIComponent('2025-01-11T12:30:00+01:00')}`))).toEqual([]);
    expect(idsOf(await list('', stranger))).toEqual([strangerMessage.id]);
  });

  it('answers 400 to a cursor it did not give out and to bad filters', async () => {
    for (const cursor of ['garbage', Buffer.from('2025-01-01T00:00:00Z|not-a-uuid').toString('base64url')]) {
      expectErrorBody(await get(`/api/voice-messages?cursor=${cursor}`), 400, 'VALIDATION_FAILED');
    }
    expectErrorBody(await get('/api/voice-messages?networkId=nope'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/voice-messages?limit=1000'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/voice-messages?unlistened=maybe'), 400, 'VALIDATION_FAILED');
  });

  it('answers PATCH listened with the voice message, and the workspace’s open browsers are told', async () => {
    const target = created[1]!;
    const sockets = await socketClients(t);
    try {
      const own = await sockets.connectAs(admin, 'voice-message.updated');
      const other = await sockets.connectAs(stranger, 'voice-message.updated');
      const listened = await patch(target.id, { listened: true });
      expect(listened.statusCode, listened.body).toBe(200);
      expect(listened.json<VoiceMessageResponse>().voiceMessage).toMatchObject({ id: target.id, listened: true });
      const unlistened = await patch(target.id, { listened: false });
      expect(unlistened.json<VoiceMessageResponse>().voiceMessage).toMatchObject({ listened: false, listenedAt: null });
      await expect.poll(() => own.seen.length, { timeout: 15_000 }).toBe(2);
      expect(own.seen.map((e) => e.voiceMessage.listened)).toEqual([true, false]);
      await sleep(QUIET_MS);
      expect(other.seen).toEqual([]);
    } finally {
      await sockets.closeAll();
    }
  });

  it('answers 400 to a PATCH body that is not {listened: boolean}', async () => {
    expectErrorBody(await patch(created[0]!.id, { listened: 'yes' }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await patch(created[0]!.id, { listened: true, transcript: 'x' }), 400, 'VALIDATION_FAILED');
  });

  it('shows one voice message; another workspace’s id or an unknown one is a 404', async () => {
    const response = await get(`/api/voice-messages/${created[1]!.id}`);
    expect(response.json<VoiceMessageResponse>().voiceMessage).toMatchObject({
      id: created[1]!.id,
      transcript: 'Message number 1',
    });
    expectErrorBody(await get(`/api/voice-messages/${strangerMessage.id}`), 404, 'NOT_FOUND');
    expectErrorBody(await patch(strangerMessage.id, { listened: true }), 404, 'NOT_FOUND');
    expectErrorBody(await get(`/api/voice-messages/${strangerMessage.id}/recording-url`), 404, 'NOT_FOUND');
    expectErrorBody(await get('/api/voice-messages/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectErrorBody(await get('/api/voice-messages/not-a-uuid'), 400, 'VALIDATION_FAILED');
    // The stranger's message was not marked by the refused PATCH.
    const [row] = await t.app.database.db.select().from(voiceMessages).where(eq(voiceMessages.id, strangerMessage.id));
    expect(row!.listenedAt).toBeNull();
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/voice-messages',
        '/api/voice-messages/{id}',
        '/api/voice-messages/{id}/recording-url',
        '/api/voice-messages/{id}/recording',
        '/hooks/twilio/{networkId}/voice',
        '/hooks/twilio/{networkId}/voice/recorded',
      ]),
    );
  });

  it('refuses editors (403) and anonymous callers (401) on every route', async () => {
    const id = created[0]!.id;
    for (const url of ['/api/voice-messages', `/api/voice-messages/${id}`, `/api/voice-messages/${id}/recording-url`]) {
      expectErrorBody(await get(url, editor), 403, 'FORBIDDEN');
      expectErrorBody(await t.app.inject({ method: 'GET', url }), 401, 'UNAUTHENTICATED');
    }
    expectErrorBody(await patch(id, { listened: true }, editor), 403, 'FORBIDDEN');
  });
});
