import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import type { ConversationPages, ThreadPages } from '../lib/inbox-cache';
import { aConversation, aMessage, at, listPages, threadPages } from '../test/fixtures';
import { conversationKeys } from './conversation-keys';
import { useInboxEvents } from './use-inbox-events';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));

function setup(openId: string | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const onInbound = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useInboxEvents({ openId, onInbound }), { wrapper });
  return { queryClient, onInbound };
}

describe('useInboxEvents', () => {
  beforeEach(() => {
    socket.connected = true;
  });

  it('moves a thread with a new message to the top of every cached list it belongs in', () => {
    const older = aConversation({ lastMessageAt: at(1) });
    const newer = aConversation({ lastMessageAt: at(2) });
    const { queryClient } = setup(null);
    queryClient.setQueryData(conversationKeys.list({}), listPages([[newer, older], null]));
    queryClient.setQueryData(conversationKeys.list({ unread: 'true' }), listPages([[], null]));

    socket.play('conversation.updated', { conversation: { ...older, lastMessageAt: at(3), unreadCount: 1 } });
    const all = queryClient.getQueryData<ConversationPages>(conversationKeys.list({}))!;
    expect(all.pages[0]!.conversations.map((c) => c.id)).toEqual([older.id, newer.id]);
    const unread = queryClient.getQueryData<ConversationPages>(conversationKeys.list({ unread: 'true' }))!;
    expect(unread.pages[0]!.conversations.map((c) => c.id)).toEqual([older.id]);
  });

  it('adds new messages to the open thread and moves their state along, without duplicates', () => {
    const conversation = aConversation();
    const first = aMessage({ conversationId: conversation.id, createdAt: at(1) });
    const { queryClient } = setup(conversation.id);
    queryClient.setQueryData(conversationKeys.thread(conversation.id), threadPages([[first], null]));

    const reply = aMessage({ conversationId: conversation.id, direction: 'out', state: 'queued', createdAt: at(2) });
    socket.play('message.created', { message: reply });
    socket.play('message.created', { message: reply });
    socket.play('message.updated', { message: { ...reply, state: 'delivered' } });
    const thread = queryClient.getQueryData<ThreadPages>(conversationKeys.thread(conversation.id))!;
    expect(thread.pages[0]!.messages.map((m) => [m.id, m.state])).toEqual([
      [reply.id, 'delivered'],
      [first.id, 'received'],
    ]);
  });

  it('notifies an inbound message of another thread than the open one, not of the open one', () => {
    const open = aConversation();
    const other = aConversation();
    const { queryClient, onInbound } = setup(open.id);
    queryClient.setQueryData(conversationKeys.list({}), listPages([[open, other], null]));

    socket.play('message.created', { message: aMessage({ conversationId: open.id }) });
    expect(onInbound).not.toHaveBeenCalled();
    const elsewhere = aMessage({ conversationId: other.id, body: 'Are you there?' });
    socket.play('message.created', { message: elsewhere });
    expect(onInbound).toHaveBeenCalledWith(other, elsewhere);
    socket.play('message.created', {
      message: aMessage({ conversationId: other.id, direction: 'out', state: 'queued' }),
    });
    expect(onInbound).toHaveBeenCalledTimes(1);
  });

  it('shows a contact’s opt-out in the lists and the open conversation', () => {
    const conversation = aConversation();
    const { queryClient } = setup(conversation.id);
    queryClient.setQueryData(conversationKeys.list({}), listPages([[conversation], null]));
    queryClient.setQueryData(conversationKeys.detail(conversation.id), conversation);

    const contact = { ...conversation.contact, optedOutAt: at(9) };
    socket.play('contact.updated', { contact });
    expect(
      queryClient.getQueryData<ConversationPages>(conversationKeys.list({}))!.pages[0]!.conversations[0]!.contact,
    ).toEqual(contact);
    expect(queryClient.getQueryData<typeof conversation>(conversationKeys.detail(conversation.id))!.contact).toEqual(
      contact,
    );
  });

  it('refetches the lists when the socket connects after the page fetched them, and after a reconnect', () => {
    socket.connected = false;
    const { queryClient } = setup(null);
    const state = () => queryClient.getQueryState(conversationKeys.list({}))!;
    // Fetched before the socket's first connection: an event sent in between would be missed.
    queryClient.setQueryData(conversationKeys.list({}), listPages([[], null]));
    socket.play('connect');
    expect(state().isInvalidated).toBe(true);
    queryClient.setQueryData(conversationKeys.list({}), listPages([[], null]));
    expect(state().isInvalidated).toBe(false);
    socket.play('connect');
    expect(state().isInvalidated).toBe(true);
  });
});
