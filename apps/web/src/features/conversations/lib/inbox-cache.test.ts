import { describe, expect, it } from 'vitest';
import { aContact, aConversation, aMessage, at, listPages, threadPages } from '../test/fixtures';
import {
  campaignNames,
  chronological,
  mergeNewestPage,
  patchContactInList,
  PENDING_PREFIX,
  replacePendingMessage,
  upsertConversation,
  upsertThreadMessage,
  withCampaigns,
} from './inbox-cache';

const ids = (data: { pages: Array<{ conversations: Array<{ id: string }> }> } | undefined) =>
  data?.pages.map((page) => page.conversations.map((item) => item.id));
const messageIds = (data: { pages: Array<{ messages: Array<{ id: string }> }> } | undefined) =>
  data?.pages.map((page) => page.messages.map((item) => item.id));

describe('upsertConversation', () => {
  const older = aConversation({ lastMessageAt: at(1) });
  const newer = aConversation({ lastMessageAt: at(2) });

  it('moves a conversation with a new message to the top', () => {
    const data = listPages([[newer, older], null]);
    const moved = { ...older, lastMessageAt: at(3), lastMessagePreview: 'New' };
    const next = upsertConversation(data, moved, {});
    expect(ids(next)).toEqual([[older.id, newer.id]]);
    expect(next!.pages[0]!.conversations[0]!.lastMessagePreview).toBe('New');
  });

  it('moves it from a later page into the first one, without a duplicate', () => {
    const data = listPages([[newer], 'c1'], [[older], null]);
    const next = upsertConversation(data, { ...older, lastMessageAt: at(3) }, {});
    expect(ids(next)).toEqual([[older.id, newer.id], []]);
  });

  it('adds a new conversation that matches the list’s filters', () => {
    const data = listPages([[newer], null]);
    const fresh = aConversation({ lastMessageAt: at(5), unreadCount: 1 });
    expect(ids(upsertConversation(data, fresh, { unread: 'true' }))).toEqual([[fresh.id, newer.id]]);
  });

  it('leaves out a new conversation that does not match', () => {
    const data = listPages([[newer], null]);
    const otherNetwork = aConversation({ lastMessageAt: at(5), networkId: '00000000-0000-4000-8000-00000000ffff' });
    expect(upsertConversation(data, otherNetwork, { networkId: newer.networkId })).toBe(data);
    const read = aConversation({ lastMessageAt: at(5), unreadCount: 0 });
    expect(upsertConversation(data, read, { unread: 'true' })).toBe(data);
    const searched = aConversation({ lastMessageAt: at(5), lastMessagePreview: 'Opening hours?' });
    expect(upsertConversation(data, searched, { q: 'invoice' })).toBe(data);
    expect(ids(upsertConversation(data, searched, { q: 'HOURS' }))).toEqual([[searched.id, newer.id]]);
  });

  it('keeps a listed conversation that stops matching (it does not vanish while read)', () => {
    const unread = aConversation({ lastMessageAt: at(2), unreadCount: 2 });
    const data = listPages([[unread], null]);
    const next = upsertConversation(data, { ...unread, unreadCount: 0 }, { unread: 'true' });
    expect(next!.pages[0]!.conversations).toEqual([{ ...unread, unreadCount: 0 }]);
  });

  it('leaves a conversation older than the loaded pages to paging', () => {
    const data = listPages([[newer], 'c1']);
    const ancient = aConversation({ lastMessageAt: '2020-01-01T00:00:00.000Z' });
    expect(upsertConversation(data, ancient, {})).toBe(data);
    expect(ids(upsertConversation(listPages([[newer], null]), ancient, {}))).toEqual([[newer.id, ancient.id]]);
  });

  it('ignores lists that are not loaded', () => {
    expect(upsertConversation(undefined, newer, {})).toBeUndefined();
  });
});

describe('patchContactInList', () => {
  it('shows the contact’s new name where it is listed, and nothing changes otherwise', () => {
    const conversation = aConversation();
    const data = listPages([[conversation, aConversation()], null]);
    const renamed = { ...conversation.contact, name: 'Ada' };
    expect(patchContactInList(data, renamed)!.pages[0]!.conversations[0]!.contact.name).toBe('Ada');
    expect(patchContactInList(data, aContact())).toBe(data);
  });
});

describe('upsertThreadMessage', () => {
  const first = aMessage({ createdAt: at(1) });
  const second = aMessage({ createdAt: at(2) });

  it('puts a new message on top of the newest page', () => {
    const data = threadPages([[second, first], null]);
    const third = aMessage({ createdAt: at(3) });
    expect(messageIds(upsertThreadMessage(data, third))).toEqual([[third.id, second.id, first.id]]);
  });

  it('adds a message to an empty thread', () => {
    const message = aMessage();
    expect(messageIds(upsertThreadMessage(threadPages([[], null]), message))).toEqual([[message.id]]);
  });

  it('replaces a known message by id (the answer and the event never make two)', () => {
    const queued = aMessage({ direction: 'out', state: 'queued', origin: 'reply', createdAt: at(3) });
    const data = threadPages([[queued, second], 'c1'], [[first], null]);
    const once = upsertThreadMessage(data, queued);
    const delivered = upsertThreadMessage(once, { ...queued, state: 'delivered' });
    expect(messageIds(delivered)).toEqual([[queued.id, second.id], [first.id]]);
    expect(delivered!.pages[0]!.messages[0]!.state).toBe('delivered');
  });

  it('never moves a message back to an older state that arrives late', () => {
    const delivered = aMessage({ direction: 'out', state: 'delivered' });
    const data = threadPages([[delivered], null]);
    expect(upsertThreadMessage(data, { ...delivered, state: 'sent' })).toBe(data);
  });

  it('replaces a message shown while sending when its event comes before the answer', () => {
    const pending = aMessage({
      id: `${PENDING_PREFIX}1`,
      direction: 'out',
      state: 'queued',
      body: 'On my way',
      createdAt: at(5),
    });
    const stored = aMessage({
      direction: 'out',
      state: 'queued',
      body: 'On my way',
      origin: 'reply',
      createdAt: at(4),
    });
    const data = threadPages([[pending, second], null]);
    const afterEvent = upsertThreadMessage(data, stored);
    expect(messageIds(afterEvent)).toEqual([[stored.id, second.id]]);
    // Then the answer: nothing more to replace, and no duplicate.
    expect(messageIds(replacePendingMessage(afterEvent, pending.id, stored))).toEqual([[stored.id, second.id]]);
  });

  it('replaces the message shown while sending with the stored one (answer first)', () => {
    const pending = aMessage({
      id: `${PENDING_PREFIX}2`,
      direction: 'out',
      state: 'queued',
      body: 'Hi',
      createdAt: at(5),
    });
    const stored = aMessage({ direction: 'out', state: 'queued', body: 'Hi', createdAt: at(4) });
    const data = threadPages([[pending, second], null]);
    const answered = replacePendingMessage(data, pending.id, stored);
    expect(messageIds(answered)).toEqual([[stored.id, second.id]]);
    expect(messageIds(upsertThreadMessage(answered, { ...stored, state: 'sent' }))).toEqual([[stored.id, second.id]]);
  });

  it('leaves a message older than the loaded pages to paging', () => {
    const data = threadPages([[second], 'c1']);
    expect(upsertThreadMessage(data, aMessage({ createdAt: at(0) }))).toBe(data);
  });
});

describe('mergeNewestPage', () => {
  const held = [aMessage({ createdAt: at(2) }), aMessage({ createdAt: at(1) })];

  it('adds what came in while disconnected', () => {
    const missed = aMessage({ createdAt: at(3) });
    const spring = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Spring sale' };
    const merged = mergeNewestPage(threadPages([held, null]), {
      messages: [missed, held[0]!],
      campaigns: [spring],
      nextCursor: 'c',
    });
    expect(messageIds(merged ?? undefined)).toEqual([[missed.id, held[0]!.id, held[1]!.id]]);
    expect(campaignNames(merged ?? undefined)).toEqual(new Map([[spring.id, spring.name]]));
  });

  it('asks for a refetch when more than a page was missed', () => {
    const missed = [aMessage({ createdAt: at(9) }), aMessage({ createdAt: at(8) })];
    expect(mergeNewestPage(threadPages([held, null]), { messages: missed, campaigns: [], nextCursor: 'c' })).toBeNull();
  });
});

describe('campaign names', () => {
  const spring = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Spring sale' };
  const autumn = { id: '00000000-0000-4000-8000-0000000000c2', name: 'Autumn sale' };

  it('reads the names every page gives', () => {
    const data = threadPages([[], 'c1'], [[], null]);
    data.pages[1] = { ...data.pages[1]!, campaigns: [autumn] };
    expect(campaignNames(withCampaigns(data, [spring]))).toEqual(
      new Map([
        [spring.id, spring.name],
        [autumn.id, autumn.name],
      ]),
    );
  });

  it('keeps the same object when every name is known', () => {
    const data = withCampaigns(threadPages([[], null]), [spring]);
    expect(withCampaigns(data, [spring])).toBe(data);
    expect(withCampaigns(data, [])).toBe(data);
  });
});

describe('chronological', () => {
  it('reads the pages (newest first) oldest first', () => {
    const [a, b, c] = [aMessage({ createdAt: at(1) }), aMessage({ createdAt: at(2) }), aMessage({ createdAt: at(3) })];
    expect(chronological(threadPages([[c, b], 'x'], [[a], null])).map((m) => m.id)).toEqual([a.id, b.id, c.id]);
  });
});
