import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { NO_VOICE_FILTERS } from '../lib/voice-filters';
import { aVoiceMessage, pagesOf } from '../test/fixtures';
import { flattenVoicePages, type VoicePages } from './voice-cache';
import { voiceKeys } from './voice-keys';
import { useVoiceEvents } from './use-voice-events';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));

describe('useVoiceEvents', () => {
  it('puts a new voice message at the top and shows a listened one as listened, live', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const older = aVoiceMessage({ createdAt: '2026-03-10T12:00:00.000Z' });
    queryClient.setQueryData(voiceKeys.list(NO_VOICE_FILTERS), pagesOf([[older]]));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useVoiceEvents(), { wrapper });
    const list = () => flattenVoicePages(queryClient.getQueryData<VoicePages>(voiceKeys.list(NO_VOICE_FILTERS)));

    const arrived = aVoiceMessage({ createdAt: '2026-03-10T12:05:00.000Z' });
    socket.play('voice-message.created', { voiceMessage: arrived });
    expect(list().map((item) => item.id)).toEqual([arrived.id, older.id]);

    socket.play('voice-message.updated', { voiceMessage: { ...older, listened: true } });
    expect(list()[1]).toMatchObject({ id: older.id, listened: true });

    // After a reconnect the lists are fetched again (events may have been missed).
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    socket.play('connect');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: voiceKeys.all });

    unmount();
    socket.play('voice-message.created', { voiceMessage: aVoiceMessage({ createdAt: '2026-03-10T12:09:00.000Z' }) });
    expect(list()).toHaveLength(2);
  });
});
