import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/stub-fetch';
import type { ConversationPages } from '../lib/inbox-cache';
import { aConversation, at, listPages } from '../test/fixtures';
import { conversationKeys, inboxCountsKey } from './conversation-keys';
import { useMarkConversation } from './use-mark-conversation';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMarkConversation(), { wrapper });
  return { queryClient, result };
}

describe('useMarkConversation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the thread read at once, and a late answer does not put an older contact back', async () => {
    const optedOut = aConversation({ unreadCount: 1, contact: { ...aConversation().contact, optedOutAt: at(1) } });
    // The server read the thread before the START that the socket has already brought here.
    const sent = stubFetch(() => ({ status: 200, body: { conversation: { ...optedOut, unreadCount: 0 } } }));
    const { queryClient, result } = setup();
    const subscribed = { ...optedOut, contact: { ...optedOut.contact, optedOutAt: null } };
    queryClient.setQueryData(conversationKeys.detail(optedOut.id), subscribed);
    queryClient.setQueryData(conversationKeys.list({}), listPages([[subscribed], null]));
    queryClient.setQueryData(inboxCountsKey, { unreadConversations: 1 });

    act(() => result.current.mutate({ id: optedOut.id, body: { unread: false } }));
    const detail = () => queryClient.getQueryData<typeof optedOut>(conversationKeys.detail(optedOut.id))!;
    expect(detail().unreadCount).toBe(0);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(sent).toEqual([{ method: 'PATCH', url: `/api/conversations/${optedOut.id}`, body: { unread: false } }]);
    expect(detail()).toEqual({ ...subscribed, unreadCount: 0 });
    const listed = queryClient.getQueryData<ConversationPages>(conversationKeys.list({}))!.pages[0]!.conversations[0]!;
    expect(listed).toEqual({ ...subscribed, unreadCount: 0 });
    expect(queryClient.getQueryState(inboxCountsKey)!.isInvalidated).toBe(true);
  });

  it('marks unread at once, and asks again for the thread when the server refuses', async () => {
    stubFetch(() => ({ status: 404, body: { error: 'No such conversation in this workspace.', code: 'NOT_FOUND' } }));
    const { queryClient, result } = setup();
    const read = aConversation({ unreadCount: 0 });
    queryClient.setQueryData(conversationKeys.detail(read.id), read);

    act(() => result.current.mutate({ id: read.id, body: { unread: true } }));
    expect(queryClient.getQueryData<typeof read>(conversationKeys.detail(read.id))!.unreadCount).toBe(1);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryState(conversationKeys.detail(read.id))!.isInvalidated).toBe(true);
  });
});
