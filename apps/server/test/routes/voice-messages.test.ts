import type {
  ConversationListResponse,
  NetworkResponse,
  NetworksResponse,
  VoiceMessage,
  VoiceMessageListResponse,
  VoiceMessageResponse,
} from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, voiceMessages } from '../../src/db/schema/index.js';
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

    // Seven messages, oldest first: five on the sandbox, two on the office line.
    const callers = ['+14155550101', '+14155550102', '+14155550103', '+14155550104', '+14155550105'];
    for (const [i, caller] of callers.entries()) {
      created.push(await upload(admin, { networkId: sandboxId, caller, transcript: `Message number ${i}` }));
    }
    created.push(
      await upload(admin, { networkId: httpId, caller: '+4930901820', transcript: 'Rückruf bitte, 50% Rabatt' }),
    );
    created.push(await upload(admin, { networkId: httpId, caller: '+14155550101' }));
    // Spread them over days (created[0] oldest), and give one caller a name.
    for (const [i, message] of created.entries()) {
      await t.app.database.db
        .update(voiceMessages)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 10 + i, 12)) })
        .where(eq(voiceMessages.id, message.id));
    }
    await t.app.database.db
      .update(contacts)
      .set({ name: 'Ada Lovelace' })
      .where(eq(contacts.id, created[2]!.contact.id));
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
  const newestFirst = () => [...created].reverse().map((m) => m.id);

  it('lists the workspace’s voice messages newest first, never another workspace’s', async () => {
    const page = await list();
    expect(idsOf(page)).toEqual(newestFirst());
    expect(page.nextCursor).toBeNull();
    expect(page.voiceMessages[0]).toMatchObject({ networkId: httpId, contact: { phoneNumber: '+14155550101' } });
    expect(idsOf(await list('', stranger))).toEqual([strangerMessage.id]);
  });

  it('pages with a cursor without gaps or repeats, even while new messages arrive', async () => {
    const first = await list('?limit=3');
    expect(first.voiceMessages).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    // A new message arrives between pages: it is newer than the cursor and does not shift it.
    const late = await upload(admin, { networkId: sandboxId, caller: '+14155550199' });
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    const third = await list(`?limit=3&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(newestFirst());
    expect(idsOf((await list('?limit=1')) as VoiceMessageListResponse)).toEqual([late.id]);
    await t.app.database.db.delete(voiceMessages).where(eq(voiceMessages.id, late.id));
  });

  it('keeps rows with the same time apart by id across pages', async () => {
    const same = new Date(Date.UTC(2025, 0, 5, 12, 0, 0, 0));
    const ids = created.slice(0, 3).map((m) => m.id);
    await t.app.database.db.execute(
      sql`update voice_messages set created_at = ${same.toISOString()}::timestamptz + interval '7 microseconds'
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: VoiceMessageListResponse = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...idsOf(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(created.length);
    expect(new Set(seen).size).toBe(created.length);
    expect(seen.slice(-3)).toEqual([...ids].sort().reverse());
    // Back to their own days.
    for (const [i, id] of ids.entries()) {
      await t.app.database.db
        .update(voiceMessages)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 10 + i, 12)) })
        .where(eq(voiceMessages.id, id));
    }
  });

  it('answers 400 to a cursor it did not give out', async () => {
    for (const cursor of ['garbage', Buffer.from('2025-01-01T00:00:00Z|not-a-uuid').toString('base64url')]) {
      expectErrorBody(await get(`/api/voice-messages?cursor=${cursor}`), 400, 'VALIDATION_FAILED');
    }
  });

  it('searches caller numbers, contact names and transcripts (wildcards taken literally)', async () => {
    expect(idsOf(await list('?q=%2B4930'))).toEqual([created[5]!.id]);
    expect(idsOf(await list('?q=ada%20love'))).toEqual([created[2]!.id]);
    expect(idsOf(await list('?q=number%203'))).toEqual([created[3]!.id]);
    expect(idsOf(await list('?q=50%25'))).toEqual([created[5]!.id]);
    expect(idsOf(await list('?q=%25'))).toEqual([created[5]!.id]);
    expect(idsOf(await list('?q=nobody-says-this'))).toEqual([]);
  });

  it('filters by network, by time and by unlistened', async () => {
    expect(idsOf(await list(`?networkId=${httpId}`))).toEqual([created[6]!.id, created[5]!.id]);
    const from = encodeURIComponent('2025-01-11T00:00:00Z');
    const to = encodeURIComponent('2025-01-13T12:00:00Z');
    expect(idsOf(await list(`?from=${from}&to=${to}`))).toEqual([created[2]!.id, created[1]!.id]);
    expect(idsOf(await list(`?unlistened=true&networkId=${httpId}`))).toHaveLength(2);
    expectErrorBody(await get('/api/voice-messages?networkId=nope'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/voice-messages?limit=1000'), 400, 'VALIDATION_FAILED');
  });

  it('marks listened and unlistened, keeps the first listened time, and tells the workspace', async () => {
    const target = created[4]!;
    const sockets = await socketClients(t);
    try {
      const own = await sockets.connectAs(admin, 'voice-message.updated');
      const other = await sockets.connectAs(stranger, 'voice-message.updated');

      const listened = await patch(target.id, { listened: true });
      expect(listened.statusCode, listened.body).toBe(200);
      const first = listened.json<VoiceMessageResponse>().voiceMessage;
      expect(first).toMatchObject({ id: target.id, listened: true, listenedAt: expect.any(String) as string });
      const again = (await patch(target.id, { listened: true })).json<VoiceMessageResponse>().voiceMessage;
      expect(again.listenedAt).toBe(first.listenedAt);
      expect(idsOf(await list('?unlistened=1'))).not.toContain(target.id);

      const unlistened = (await patch(target.id, { listened: false })).json<VoiceMessageResponse>().voiceMessage;
      expect(unlistened).toMatchObject({ listened: false, listenedAt: null });
      expect(idsOf(await list('?unlistened=1'))).toContain(target.id);

      await expect.poll(() => own.seen.length).toBe(3);
      expect(own.seen.map((e) => e.voiceMessage.listened)).toEqual([true, true, false]);
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

  it('keeps a caller who never texted out of the SMS inbox until a text is exchanged', async () => {
    const caller = '+14155550177';
    const voice = await upload(admin, { networkId: sandboxId, caller });
    const sms = async () =>
      (await get('/api/conversations?limit=100')).json<ConversationListResponse>().conversations.map((c) => c.id);
    expect(await sms()).not.toContain(voice.conversationId);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${voice.conversationId}/messages`,
      headers: admin.authorization,
      payload: { body: 'Sorry we missed your call. How can we help?' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await sms()).toContain(voice.conversationId);
  });
});
