import {
  ConversationListQuerySchema,
  CreateNetworkBodySchema,
  ReplyBodySchema,
  ThreadQuerySchema,
  UpdateContactBodySchema,
  UpdateConversationBodySchema,
  type Conversation,
  type ConversationListQuery,
  type ConversationListResponse,
  type ThreadQuery,
  type ThreadResponse,
  type UpdateContactBody,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

/** A US test number for contact `i` (distinct per i, all valid). */
const numberOf = (i: number) => `+1202555${String(1000 + i).padStart(4, '0')}`;

describe('the SMS inbox', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;
  let sandboxId: string;
  let secondId: string;

  beforeAll(async () => {
    ({ t, workspaceId, userId, sandboxId } = await servicesWithWorkspace('Owner'));
    const second = await t.services.networks.create(
      workspaceId,
      CreateNetworkBodySchema.parse({ kind: 'sandbox', name: 'Second line', number: '+12025550999', throughput: 10 }),
    );
    secondId = second.network.id;
  });
  afterAll(() => t.close());

  const inbound = (from: string, body: string, networkId = sandboxId) => t.receive(networkId, from, body);
  /** The thread list as GET /api/conversations reads it (the query read through the contract). */
  const list = (query: ConversationListQuery = {}): Promise<ConversationListResponse> => {
    const { cursor, limit, ...filters } = ConversationListQuerySchema.parse(query);
    return t.services.conversations.list(workspaceId, filters, cursor, limit);
  };
  const messages = (id: string, query: ThreadQuery = {}): Promise<ThreadResponse> => {
    const { cursor, limit } = ThreadQuerySchema.parse(query);
    return t.services.conversations.messages(workspaceId, id, cursor, limit);
  };
  const updateContact = (id: string, patch: UpdateContactBody) =>
    t.services.contacts.update(workspaceId, id, UpdateContactBodySchema.parse(patch), { source: 'admin', userId });
  const setUnread = (id: string, unread: boolean) =>
    t.services.conversations.setUnread(workspaceId, id, UpdateConversationBodySchema.parse({ unread }).unread);

  /** Every page of a listing, following the cursors; `between` runs after each page. */
  async function allPages(query: ConversationListQuery, between?: (page: number) => Promise<void>) {
    const pages: ConversationListResponse[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ ...query, cursor });
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
      const before = await allPages({ limit: 100 });
      const all = before.flatMap((p) => p.conversations);
      expect(all.length).toBeGreaterThanOrEqual(60);
      // New threads and new messages in threads already seen (or not yet seen) arrive between pages.
      let next = 500;
      const touched = new Set<string>();
      const pages = await allPages({ limit: 7 }, async (page) => {
        await inbound(numberOf(next++), `new thread during page ${page}`);
        const old = all[(page * 5) % all.length]!;
        touched.add(old.id);
        await inbound(old.contact.phoneNumber, `news for an old thread, page ${page}`);
      });
      const seen = pages.flatMap((p) => p.conversations.map((c) => c.id));
      expect(new Set(seen).size, 'no thread twice').toBe(seen.length);
      for (const c of all) if (!touched.has(c.id)) expect(seen, 'an untouched thread is never skipped').toContain(c.id);
      // Each page is in order.
      for (const page of pages) {
        const times = page.conversations.map((c) => c.lastMessageAt);
        expect([...times].sort().reverse()).toEqual(times);
      }
      // What moved up is on a fresh first page.
      const fresh = await list({ limit: 100 });
      for (const id of touched) expect(fresh.conversations.map((c) => c.id)).toContain(id);
    });

    it('shows the contact, the preview, the unread count and the first contact time', async () => {
      const { conversations } = await list({ q: 'hello number 7', limit: 5 });
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
      const target = (await list({ q: 'hello number 42' })).conversations[0]!;
      expect(target.contact.phoneNumber).toBe(numberOf(42));
      await updateContact(target.contact.id, { name: 'Zoë Quartermaine' });
      expect((await list({ q: 'quarterMAINE' })).conversations.map((c) => c.id)).toEqual([target.id]);
      expect((await list({ q: '(202) 555-1042' })).conversations.map((c) => c.id)).toEqual([target.id]);
      await inbound(numberOf(43), 'a 5% discount');
      expect((await list({ q: '5% disc' })).conversations.map((c) => c.contact.phoneNumber)).toEqual([numberOf(43)]);
      expect((await list({ q: 'a 5%' })).conversations.map((c) => c.contact.phoneNumber)).toEqual([numberOf(43)]);
      expect((await list({ q: '1_0' })).conversations).toEqual([]);
      expect((await list({ q: 'no such words anywhere' })).conversations).toEqual([]);
    });

    it('filters by network, unread, opt-out state and date range', async () => {
      await inbound(numberOf(900), 'on the second line', secondId);
      const second = await list({ networkId: secondId });
      expect(second.conversations.map((c) => c.contact.phoneNumber)).toEqual([numberOf(900)]);

      const thread = second.conversations[0]!;
      await setUnread(thread.id, false);
      expect((await list({ networkId: secondId, unread: 'true' })).conversations).toEqual([]);
      expect((await list({ networkId: secondId, unread: 'false' })).conversations).toHaveLength(1);

      await updateContact(thread.contact.id, { optedOut: true });
      expect((await list({ optedOut: 'true' })).conversations.map((c) => c.id)).toEqual([thread.id]);
      expect((await list({ optedOut: 'false', limit: 100 })).conversations.map((c) => c.id)).not.toContain(thread.id);

      const future = new Date(Date.now() + 60_000).toISOString();
      expect((await list({ from: future })).conversations).toEqual([]);
      expect((await list({ to: future, networkId: secondId })).conversations).toHaveLength(1);
      expect((await list({ to: '2020-01-01T00:00:00Z' })).conversations).toEqual([]);
    });

    it('refuses a cursor it did not give out', async () => {
      for (const cursor of ['not-a-cursor', Buffer.from('2020-01-01T00:00:00Z|x').toString('base64url')]) {
        await expect(list({ cursor }), cursor).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('a thread', () => {
    let thread: Conversation;
    beforeAll(async () => {
      for (let i = 0; i < 120; i++) await inbound(numberOf(300), `message ${i}`);
      thread = (await list({ q: 'message 119' })).conversations[0]!;
    });

    it('pages back in time by 50 without duplicates or gaps while new messages arrive', async () => {
      const pages: ThreadResponse[] = [];
      let cursor: string | undefined;
      do {
        const page = await messages(thread.id, { cursor });
        pages.push(page);
        cursor = page.nextCursor ?? undefined;
        await inbound(numberOf(300), `arrived during paging ${pages.length}`);
      } while (cursor);
      expect(pages.map((p) => p.messages.length)).toEqual([50, 50, 20]);
      const bodies = pages.flatMap((p) => p.messages.map((m) => m.body));
      expect(bodies).toEqual(Array.from({ length: 120 }, (_, i) => `message ${119 - i}`));
    });

    it('marks the thread read and unread, announces it, and the badge counts follow', async () => {
      const counts = () => t.services.conversations.counts(workspaceId);
      const unreadBefore = (await counts()).unreadConversations;
      expect(unreadBefore).toBeGreaterThan(0);
      const read = await setUnread(thread.id, false);
      expect(read.unreadCount).toBe(0);
      expect(t.events.of(workspaceId, 'conversation.updated').at(-1)).toEqual({ conversation: read });
      expect((await counts()).unreadConversations).toBe(unreadBefore - 1);
      const unread = await setUnread(thread.id, true);
      expect(unread.unreadCount).toBe(1);
      expect(t.events.of(workspaceId, 'conversation.updated').at(-1)).toEqual({ conversation: unread });
      expect(await counts()).toEqual({ unreadConversations: unreadBefore, unlistenedVoiceMessages: 0 });
    });

    it('replies through the thread’s network, queued, and it is delivered', async () => {
      const { body } = ReplyBodySchema.parse({ body: 'Thanks — we’ll call you back' });
      const message = await t.services.conversations.reply(workspaceId, thread.id, body);
      expect(message).toMatchObject({
        conversationId: thread.id,
        networkId: sandboxId,
        direction: 'out',
        state: 'queued',
        origin: 'reply',
        encoding: 'UCS-2',
      });
      const first = await messages(thread.id, { limit: 1 });
      expect(first.messages[0]!.id).toBe(message.id);
      await expect
        .poll(async () => (await t.services.messaging.get(workspaceId, message.id)).state, { timeout: 15_000 })
        .toBe('delivered');
    });
  });

  describe('contacts', () => {
    it('edits name and tags (trimmed, deduplicated) and clears the name', async () => {
      const thread = (await list({ q: 'hello number 5', limit: 1 })).conversations[0]!;
      const named = await updateContact(thread.contact.id, { name: '  Amira  ', tags: ['vip', ' vip', 'wholesale'] });
      expect(named).toMatchObject({ name: 'Amira', tags: ['vip', 'wholesale'] });
      const cleared = await updateContact(thread.contact.id, { name: '', tags: [] });
      expect(cleared).toMatchObject({ name: null, tags: [] });
    });
  });
});
