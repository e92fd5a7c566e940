import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/stub-fetch';
import { chronological } from '../lib/inbox-cache';
import { aMessage, at, threadPages } from '../test/fixtures';
import { conversationKeys } from './conversation-keys';
import { useThreadCampaignNames } from './use-thread-campaign-names';
import { useThreadMessages } from './use-thread-messages';

const conversationId = '00000000-0000-4000-8000-00000000c0c0';
const spring = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Spring sale' };
const autumn = { id: '00000000-0000-4000-8000-0000000000c2', name: 'Autumn sale' };

function setup(data: ReturnType<typeof threadPages>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(conversationKeys.thread(conversationId), data);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      const thread = useThreadMessages(conversationId);
      return useThreadCampaignNames(conversationId, thread.data, chronological(thread.data));
    },
    { wrapper },
  );
}

describe('useThreadCampaignNames', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the names the pages came with, and asks nothing', () => {
    const sent = stubFetch(() => ({ status: 500 }));
    const data = threadPages([[aMessage({ origin: 'campaign', campaignId: spring.id })], null]);
    data.pages[0] = { ...data.pages[0]!, campaigns: [spring] };
    const { result } = setup(data);
    expect(result.current.get(spring.id)).toBe('Spring sale');
    expect(sent).toEqual([]);
  });

  it('reads the newest page once for a campaign a socket message named only by id', async () => {
    const live = aMessage({ origin: 'campaign', campaignId: autumn.id, createdAt: at(5) });
    const sent = stubFetch(() => ({ status: 200, body: { messages: [live], campaigns: [autumn], nextCursor: null } }));
    const { result, rerender } = setup(threadPages([[live, aMessage({ createdAt: at(1) })], null]));
    await waitFor(() => expect(result.current.get(autumn.id)).toBe('Autumn sale'));
    rerender();
    expect(sent.map((request) => request.url)).toEqual([`/api/conversations/${conversationId}/messages?limit=50`]);
  });
});
