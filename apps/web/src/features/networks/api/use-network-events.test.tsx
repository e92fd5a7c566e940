import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { Message, Network } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { aMessage, aNetwork } from '../../../test/network-fixtures';
import { networkKeys } from './network-keys';
import { useNetworkEvents } from './use-network-events';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));

function setup(networks: Network[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(networkKeys.list(), networks);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useNetworkEvents(), { wrapper });
  const list = () => queryClient.getQueryData<Network[]>(networkKeys.list())!;
  return { queryClient, list, unmount: view.unmount };
}

describe('useNetworkEvents', () => {
  beforeEach(() => {
    socket.connected = true;
  });

  it('shows a network’s new status and removes a deleted one', () => {
    const sandbox = aNetwork();
    const other = aNetwork({ name: 'Other' });
    const { list } = setup([sandbox, other]);
    socket.play('network.updated', { network: { ...sandbox, status: 'error', lastError: 'Bind refused' } });
    expect(list()[0]).toMatchObject({ status: 'error', lastError: 'Bind refused' });
    socket.play('network.deleted', { id: other.id });
    expect(list().map((network) => network.id)).toEqual([sandbox.id]);
  });

  it('adds a network created elsewhere (another tab, another admin)', () => {
    const { list } = setup([]);
    const created = aNetwork({ name: 'New' });
    socket.play('network.updated', { network: created });
    expect(list()).toEqual([created]);
  });

  it('counts today’s messages per network and direction', () => {
    const sandbox = aNetwork();
    const { list } = setup([sandbox]);
    socket.play('message.created', {
      message: aMessage({ networkId: sandbox.id, direction: 'in', state: 'received' }),
    });
    socket.play('message.created', { message: aMessage({ networkId: sandbox.id, direction: 'out' }) });
    socket.play('message.created', { message: aMessage({ networkId: sandbox.id, direction: 'out' }) });
    expect(list()[0]!.stats).toEqual({ inToday: 1, outToday: 2 });
  });

  it('moves the virtual phone’s thread along with its conversation’s messages only', () => {
    const sandbox = aNetwork();
    const { queryClient } = setup([sandbox]);
    const first = aMessage({ networkId: sandbox.id, direction: 'in', state: 'received' });
    const key = networkKeys.sandboxThread(sandbox.id, '+12025550142');
    queryClient.setQueryData(key, [first]);

    const reply = aMessage({
      networkId: sandbox.id,
      conversationId: first.conversationId,
      createdAt: '2026-03-10T12:01:00Z',
    });
    socket.play('message.created', { message: reply });
    socket.play('message.updated', { message: { ...reply, state: 'delivered' } });
    socket.play('message.created', { message: aMessage({ networkId: sandbox.id }) }); // another contact

    const thread = queryClient.getQueryData<Message[]>(key)!;
    expect(thread.map((message) => [message.id, message.state])).toEqual([
      [first.id, 'received'],
      [reply.id, 'delivered'],
    ]);
  });

  it('asks again for an empty thread when its number gets a conversation', () => {
    const sandbox = aNetwork();
    const { queryClient } = setup([sandbox]);
    const key = networkKeys.sandboxThread(sandbox.id, '+12025550142');
    queryClient.setQueryData(key, []);
    socket.play('conversation.updated', {
      conversation: {
        id: '00000000-0000-4000-8000-0000000000aa',
        networkId: sandbox.id,
        contact: { id: 'c', phoneNumber: '+12025550142', name: null, tags: [], optedOutAt: null },
        lastMessageAt: '2026-03-10T12:00:00Z',
        lastMessagePreview: 'Hi',
        unreadCount: 1,
      },
    });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('fetches everything again after a reconnect (events may have been missed)', () => {
    const { queryClient } = setup([aNetwork()]);
    socket.play('connect');
    expect(queryClient.getQueryState(networkKeys.list())?.isInvalidated).toBe(true);
  });

  it('stops listening when the page goes', () => {
    const sandbox = aNetwork();
    const { list, unmount } = setup([sandbox]);
    unmount();
    socket.play('network.deleted', { id: sandbox.id });
    expect(list()).toHaveLength(1);
  });
});
