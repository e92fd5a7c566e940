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
import { expectErrorBody } from '../helpers/expectations.js';
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

  /** Every page of a listing, following the cursors; `between` runs after each page. */
  async function allPages(url: (cursor?: string) => string, between?: (page: number) => Promise<void>) {
    const pages: ConversationListResponse[] = [];
    let cursor: string | undefined;
    do {
      const page = await get<ConversationListResponse>(admin, url(cursor));
      pages.push(page);
      cursor = page.nextCursor ?? undefined;
      await between?.(pages.length);
    } while (cursor);
    return pages;
  }

  describe('the thread list', () => {
    beforeAll(async () => {
      // 60 threads on the sandbox, arriving in order (the batcher stores concurrent ones together).
      for (let i = 0; i < 60; i++) await inbound(numberOf(i), `hello number ${i}`);
    });

    it('pages newest first, without duplicates or gaps while new messages arrive', async () => {
      const before = await allPages((c) => `/api/conversations?limit=100${c ? `&cursor=${c}` : ''}`);
      const all = before.flatMap((p) => p.conversations);
      expect(all.length).toBeGreaterThanOrEqual(60);
      // New threads and new messages in threads already seen (or not yet seen) arrive between pages.
      let next = 500;
      const touched = new Set<string>();
      const pages = await allPages(
        (c) => `/api/conversations?limit=7${c ? `&cursor=${c}` : ''}`,
        async (page) => {
          await inbound(numberOf(next++), `new thread during page ${page}`);
          const old = all[(page * 5) % all.length]!;
          touched.add(old.id);
          await inbound(old.contact.phoneNumber, `news for an old thread, page ${page}`);
        },
      );
      const seen = pages.flatMap((p) => p.conversations.map((c) => c.id));
      expect(new Set(seen).size, 'no thread twice').toBe(seen.length);
      for (const c of all) if (!touched.has(c.id)) expect(seen, 'an untouched thread is never skipped').toContain(c.id);
      // Each page is in order.
      for (const page of pages) {
        const times = page.conversations.map((c) => c.lastMessageAt);
        expect([...times].sort().reverse()).toEqual(times);
      }
      // What moved up is on a fresh first page.
      const fresh = await list('?limit=100');
      for (const id of touched) expect(fresh.conversations.map((c) => c.id)).toContain(id);
    });

    it('shows the contact, the preview, the unread count and the first contact time', async () => {
      const { conversations } = await list('?q=hello number 7&limit=5');
      const thread = conversations.find((c) => c.contact.phoneNumber === numberOf(7))!;
      expect(thread).toMatchObject({
        networkId: sandboxId,
        lastMessagePreview: 'hello number 7',
        unreadCount: 1,
        contact: { phoneNumber: numberOf(7), name: null, tags: [], optedOutAt: null },
      });
      expect(Date.parse(thread.createdAt)).toBeLessThanOrEqual(Date.parse(thread.lastMessageAt));
    });

    it('searches numbers (whatever the spacing), names and message text; wildcards are literal', async () => {
      const target = (await list('?q=hello number 42')).conversations[0]!;
      expect(target.contact.phoneNumber).toBe(numberOf(42));
      await t.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${target.contact.id}`,
        headers: admin.authorization,
        payload: { name: 'Zoë Quartermaine' },
      });
      expect((await list('?q=quarterMAINE')).conversations.map((c) => c.id)).toEqual([target.id]);
      expect((await list(`?q=${encodeURIComponent('(202) 555-1042')}`)).conversations.map((c) => c.id)).toEqual([
        target.id,
      ]);
      await inbound(numberOf(43), 'a 5% discount');
      expect((await list('?q=5%25 disc')).conversations.map((c) => c.contact.phoneNumber)).toEqual([numberOf(43)]);
      expect((await list('?q=a 5%25')).conversations.map((c) => c.contact.phoneNumber)).toEqual([numberOf(43)]);
      expect((await list('?q=1_0')).conversations).toEqual([]);
      expect((await list('?q=no such words anywhere')).conversations).toEqual([]);
    });

    it('filters by network, unread, opt-out state and date range', async () => {
      await inbound(numberOf(900), 'on the second line', secondId);
      const second = await list(`?networkId=${secondId}`);
      expect(second.conversations.map((c) => c.contact.phoneNumber)).toEqual([numberOf(900)]);

      const thread = second.conversations[0]!;
      await t.app.inject({
        method: 'PATCH',
        url: `/api/conversations/${thread.id}`,
        headers: admin.authorization,
        payload: { unread: false },
      });
      expect((await list(`?networkId=${secondId}&unread=true`)).conversations).toEqual([]);
      expect((await list(`?networkId=${secondId}&unread=false`)).conversations).toHaveLength(1);

      await t.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${thread.contact.id}`,
        headers: admin.authorization,
        payload: { optedOut: true },
      });
      expect((await list('?optedOut=true')).conversations.map((c) => c.id)).toEqual([thread.id]);
      expect((await list('?optedOut=false&limit=100')).conversations.map((c) => c.id)).not.toContain(thread.id);

      const future = new Date(Date.now() + 60_000).toISOString();
      expect((await list(`?from=${future}`)).conversations).toEqual([]);
      expect((await list(`?to=${future}&networkId=${secondId}`)).conversations).toHaveLength(1);
      expect((await list(`?to=2020-01-01T00:00:00Z`)).conversations).toEqual([]);
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
      for (let i = 0; i < 120; i++) await inbound(numberOf(300), `message ${i}`);
      thread = (await list('?q=message 119')).conversations[0]!;
    });

    it('pages back in time by 50 without duplicates or gaps while new messages arrive', async () => {
      const pages: ThreadResponse[] = [];
      let cursor: string | undefined;
      do {
        const page = await get<ThreadResponse>(
          admin,
          `/api/conversations/${thread.id}/messages${cursor ? `?cursor=${cursor}` : ''}`,
        );
        pages.push(page);
        cursor = page.nextCursor ?? undefined;
        await inbound(numberOf(300), `arrived during paging ${pages.length}`);
      } while (cursor);
      expect(pages.map((p) => p.messages.length)).toEqual([50, 50, 20]);
      const bodies = pages.flatMap((p) => p.messages.map((m) => m.body));
      expect(bodies).toEqual(Array.from({ length: 120 }, (_, i) => `message ${119 - i}`));
    });

    it('marks the thread read and unread, and the badge counts follow', async () => {
      const counts = () => get<InboxCounts>(admin, '/api/inbox/counts');
      const unreadBefore = (await counts()).unreadConversations;
      expect(unreadBefore).toBeGreaterThan(0);
      const patch = (unread: boolean) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/conversations/${thread.id}`,
          headers: admin.authorization,
          payload: { unread },
        });
      const read = await patch(false);
      expect(read.json<{ conversation: Conversation }>().conversation.unreadCount).toBe(0);
      expect((await counts()).unreadConversations).toBe(unreadBefore - 1);
      const unread = await patch(true);
      expect(unread.json<{ conversation: Conversation }>().conversation.unreadCount).toBe(1);
      expect(await counts()).toEqual({ unreadConversations: unreadBefore, unlistenedVoiceMessages: 0 });
    });

    it('replies through the thread’s network, queued, and it is delivered', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${thread.id}/messages`,
        headers: admin.authorization,
        payload: { body: 'Thanks — we’ll call you back' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { message } = response.json<{ message: Message }>();
      expect(message).toMatchObject({
        conversationId: thread.id,
        networkId: sandboxId,
        direction: 'out',
        state: 'queued',
        origin: 'reply',
        encoding: 'UCS-2',
      });
      const first = await get<ThreadResponse>(admin, `/api/conversations/${thread.id}/messages?limit=1`);
      expect(first.messages[0]!.id).toBe(message.id);
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
    it('edits name and tags (trimmed, deduplicated) and clears the name', async () => {
      const thread = (await list('?q=hello number 5&limit=1')).conversations[0]!;
      const patch = (payload: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/contacts/${thread.contact.id}`,
          headers: admin.authorization,
          payload,
        });
      const named = await patch({ name: '  Amira  ', tags: ['vip', ' vip', 'wholesale'] });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json<{ contact: Contact }>().contact).toMatchObject({ name: 'Amira', tags: ['vip', 'wholesale'] });
      const cleared = await patch({ name: '', tags: [] });
      expect(cleared.json<{ contact: Contact }>().contact).toMatchObject({ name: null, tags: [] });
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
