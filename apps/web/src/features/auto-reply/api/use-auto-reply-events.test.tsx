import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { rulesNamed } from '../test/fixtures';
import { autoReplyKeys } from './auto-reply-keys';
import { useAutoReplyEvents } from './use-auto-reply-events';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(autoReplyKeys.rules(), rulesNamed('Prices', 'Closed'));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useAutoReplyEvents(), { wrapper });
  const state = () => queryClient.getQueryState(autoReplyKeys.rules())!;
  return { state, unmount: view.unmount };
}

describe('useAutoReplyEvents', () => {
  beforeEach(() => {
    socket.connected = false;
  });

  it('fetches the rules again whenever the socket connects (firings may have been missed before)', () => {
    const { state } = setup();
    expect(state().isInvalidated).toBe(false);
    socket.play('connect');
    expect(state().isInvalidated).toBe(true);
  });

  it('marks the rules stale when the page is left, since its events are not followed then', () => {
    const { state, unmount } = setup();
    unmount();
    expect(state().isInvalidated).toBe(true);
  });
});
