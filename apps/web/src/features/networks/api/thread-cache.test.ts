import { describe, expect, it } from 'vitest';
import { aMessage } from '../../../test/network-fixtures';
import { threadConversationId, upsertThreadMessage } from './thread-cache';

describe('upsertThreadMessage', () => {
  it('adds a new message in time order', () => {
    const later = aMessage({ createdAt: '2026-03-10T12:00:02.000Z' });
    const earlier = aMessage({ createdAt: '2026-03-10T12:00:01.000Z' });
    expect(upsertThreadMessage([later], earlier).map((m) => m.id)).toEqual([earlier.id, later.id]);
  });

  it('moves a message on to its new state', () => {
    const queued = aMessage({ state: 'queued' });
    const delivered = { ...queued, state: 'delivered' as const };
    expect(upsertThreadMessage([queued], delivered)).toEqual([delivered]);
  });

  it('never moves a message back when an older state arrives late', () => {
    const delivered = aMessage({ state: 'delivered' });
    const thread = [delivered];
    expect(upsertThreadMessage(thread, { ...delivered, state: 'sent' })).toBe(thread);
  });
});

describe('threadConversationId', () => {
  it('is the conversation of the thread’s messages, or null while it is empty', () => {
    const message = aMessage();
    expect(threadConversationId([message])).toBe(message.conversationId);
    expect(threadConversationId([])).toBeNull();
    expect(threadConversationId(undefined)).toBeNull();
  });
});
