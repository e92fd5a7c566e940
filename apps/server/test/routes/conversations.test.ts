import type {
  Contact,
  Conversation,
  ConversationListResponse,
  InboxCounts,
  Message,
  NetworkResponse,
  NetworksResponse,
  ThreadResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

/** A US test number for contact `i` (distinct per i, all valid). */
const numberOf = (i: number) => `+1202555${String(1000 + i).padStart(4, '0')}`;

describe('the SMS inbox API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let sandboxId: string;
  let secondId: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@inbox.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@inbox.example', 'editor');
    editor = await login(t.app, 'editor@inbox.example');
    stranger = await register(t.app, 'owner@other-inbox.example');
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = list.json<NetworksResponse>().networks[0]!.id;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: { kind: 'sandbox', name: 'Second line', number: '+12025550999', throughput: 10 },
    });
    expect(second.statusCode, second.body).toBe(201);
    secondId = second.json<NetworkResponse>().network.id;
  });
  afterAll(() => t.close());

  const get = <T>(who: SignedIn, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who.authorization }).then((r) => {
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json<T>();
    });
  const inbound = (from: string, body: string, networkId = sandboxId) =>
    t.app.services.messaging.host.receiveInbound({
      networkId,
      from,
      body,
      providerMessageId: `test-${++counter}`,
    });
  const list = (query = '') => get<ConversationListResponse>(admin, `/api/conversations${query}`);

  // The inbox's rules (paging while messages arrive, search, filters, read state and badge counts,
  // replies, contact edits) are tested in test/services/conversations.test.ts; here: what the
  // routes alone show (the query string, status codes, validation, roles and isolation).
  describe('the thread list', () => {
    beforeAll(async () => {
      for (let i = 0; i < 5; i++) await inbound(numberOf(i), `hello number ${i}`);
      await inbound(numberOf(900), 'on the second line', secondId);
    });

    it('reads the cursor, limit, search and filters from the query string', async () => {
      const first = await list('?limit=2');
      expect(first.conversations).toHaveLength(2);
      const next = await list(`?limit=2&cursor=${first.nextCursor}`);
      expect(next.conversations.map((c) => c.id)).not.toContain(first.conversations[0]!.id);
      expect(
        (await list(`?q=${encodeURIComponent('(202) 555-1003')}`)).conversations.map((c) => c.contact.phoneNumber),
      ).toEqual([numberOf(3)]);
      expect((await list(`?networkId=${secondId}&unread=1`)).conversations.map((c) => c.contact.phoneNumber)).toEqual([
        numberOf(900),
      ]);
      expect((await list(`?networkId=${secondId}&unread=0`)).conversations).toHaveLength(1);
      expect((await list('?optedOut=true')).conversations).toEqual([]);
      expect((await list(`?to=${encodeURIComponent('2020-01-01T00:00:00+02:00')}`)).conversations).toEqual([]);
    });

    it('answers 400 for a cursor it did not give out and for bad filters', async () => {
      for (const url of [
        '/api/conversations?cursor=not-a-cursor',
        `/api/conversations?cursor=${Buffer.from('2020-01-01T00:00:00Z|x').toString('base64url')}`,
        '/api/conversations?limit=0',
        '/api/conversations?limit=1000',
        '/api/conversations?networkId=nope',
        '/api/conversations?unread=maybe',
        '/api/conversations?from=yesterday',
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: admin.authorization });
        expect(response.statusCode, url).toBe(400);
        expectErrorBody(response, 400, 'VALIDATION_FAILED');
      }
    });
  });

  describe('a thread', () => {
    let thread: Conversation;
    beforeAll(async () => {
      for (let i = 0; i < 3; i++) await inbound(numberOf(300), `message ${i}`);
      thread = (await list('?q=message 2')).conversations[0]!;
    });

    it('pages a thread through the cursor in the query string', async () => {
      const first = await get<ThreadResponse>(admin, `/api/conversations/${thread.id}/messages?limit=2`);
      expect(first.messages.map((m) => m.body)).toEqual(['message 2', 'message 1']);
      const rest = await get<ThreadResponse>(
        admin,
        `/api/conversations/${thread.id}/messages?limit=2&cursor=${first.nextCursor}`,
      );
      expect(rest).toMatchObject({ messages: [{ body: 'message 0' }], nextCursor: null });
    });

    it('names the campaigns that sent messages of the page', async () => {
      const call = (method: 'POST', url: string, payload: object) =>
        t.app.inject({ method, url, headers: admin.authorization, payload });
      const contact = await call('POST', '/api/contacts', { phoneNumber: numberOf(400), tags: ['spring'] });
      expect(contact.statusCode, contact.body).toBe(201);
      const created = await call('POST', '/api/campaigns', {
        name: 'Spring sale',
        networkIds: [sandboxId],
        audience: { tags: ['spring'] },
        body: 'Hi {name|there}, 20% off this week.',
        ratePerSecond: 10,
      });
      expect(created.statusCode, created.body).toBe(201);
      const campaignId = created.json<{ campaign: { id: string } }>().campaign.id;
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaignId}/start`,
        headers: admin.authorization,
      });
      expect(started.statusCode, started.body).toBe(200);
      await inbound(numberOf(400), 'Is it on shoes too?');

      let page: ThreadResponse | undefined;
      await eventually(async () => {
        const found = (await list(`?q=${encodeURIComponent('Is it on shoes')}`)).conversations[0];
        page = found && (await get<ThreadResponse>(admin, `/api/conversations/${found.id}/messages`));
        return page?.messages.some((m) => m.campaignId === campaignId) ?? false;
      }, 'the campaign’s message is in the thread');
      expect(page!.campaigns).toEqual([{ id: campaignId, name: 'Spring sale' }]);
      // A page without campaign messages names none.
      expect((await get<ThreadResponse>(admin, `/api/conversations/${thread.id}/messages`)).campaigns).toEqual([]);
    });

    it('answers a read-state change with the thread, and the badge counts', async () => {
      const patch = (unread: boolean) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/conversations/${thread.id}`,
          headers: admin.authorization,
          payload: { unread },
        });
      const read = await patch(false);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<{ conversation: Conversation }>().conversation).toMatchObject({ id: thread.id, unreadCount: 0 });
      const counts = await get<InboxCounts>(admin, '/api/inbox/counts');
      expect(counts).toEqual({ unreadConversations: expect.any(Number), unlistenedVoiceMessages: 0 });
      expectErrorBody(
        await t.app.inject({
          method: 'PATCH',
          url: `/api/conversations/${thread.id}`,
          headers: admin.authorization,
          payload: { unread: 'no' },
        }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('answers a reply with 201 and the queued message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${thread.id}/messages`,
        headers: admin.authorization,
        payload: { body: 'Thanks — we’ll call you back' },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ message: Message }>().message).toMatchObject({
        conversationId: thread.id,
        state: 'queued',
        origin: 'reply',
      });
    });

    it('refuses an empty reply', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${thread.id}/messages`,
        headers: admin.authorization,
        payload: { body: '   ' },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('contacts', () => {
    it('answers the edited contact, and 400 for bad names, tags or unknown fields', async () => {
      const thread = (await list('?q=hello number 1&limit=1')).conversations[0]!;
      const patch = (payload: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/contacts/${thread.contact.id}`,
          headers: admin.authorization,
          payload,
        });
      const named = await patch({ name: '  Amira  ', tags: ['vip'] });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json<{ contact: Contact }>().contact).toMatchObject({ id: thread.contact.id, name: 'Amira' });
      for (const bad of [{ tags: [''] }, { tags: ['x'.repeat(33)] }, { phoneNumber: '+1' }, { name: 5 }]) {
        expect((await patch(bad)).statusCode, JSON.stringify(bad)).toBe(400);
      }
    });
  });

  describe('access', () => {
    let thread: Conversation;
    beforeAll(async () => {
      thread = (await list('?limit=1')).conversations[0]!;
    });

    it('keeps every route to the conversation’s own workspace (404 elsewhere)', async () => {
      const calls = [
        { method: 'GET', url: `/api/conversations/${thread.id}` },
        { method: 'GET', url: `/api/conversations/${thread.id}/messages` },
        { method: 'PATCH', url: `/api/conversations/${thread.id}`, payload: { unread: false } },
        { method: 'POST', url: `/api/conversations/${thread.id}/messages`, payload: { body: 'hi' } },
        { method: 'PATCH', url: `/api/contacts/${thread.contact.id}`, payload: { optedOut: true } },
      ] as const;
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: stranger.authorization });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
        expectErrorBody(response, 404, 'NOT_FOUND');
      }
      const theirs = await get<ConversationListResponse>(stranger, '/api/conversations');
      expect(theirs.conversations).toEqual([]);
      expect(await get<InboxCounts>(stranger, '/api/inbox/counts')).toEqual({
        unreadConversations: 0,
        unlistenedVoiceMessages: 0,
      });
      // Still untouched in its own workspace.
      const own = await get<{ conversation: Conversation }>(admin, `/api/conversations/${thread.id}`);
      expect(own.conversation.contact.optedOutAt).toBeNull();
    });

    it('answers 403 to an editor and 401 without a session', async () => {
      const calls = [
        { method: 'GET', url: '/api/conversations' },
        { method: 'GET', url: `/api/conversations/${thread.id}` },
        { method: 'GET', url: `/api/conversations/${thread.id}/messages` },
        { method: 'PATCH', url: `/api/conversations/${thread.id}`, payload: { unread: false } },
        { method: 'POST', url: `/api/conversations/${thread.id}/messages`, payload: { body: 'hi' } },
        { method: 'GET', url: '/api/inbox/counts' },
        { method: 'PATCH', url: `/api/contacts/${thread.contact.id}`, payload: { name: 'x' } },
        { method: 'GET', url: '/api/compliance' },
        { method: 'PATCH', url: '/api/compliance', payload: { language: 'de' } },
      ] as const;
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: editor.authorization });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        const anonymous = await t.app.inject(call);
        expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/conversations/${unknown}`, headers: admin.authorization }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/conversations/abc', headers: admin.authorization })).statusCode,
      ).toBe(400);
    });
  });
});
