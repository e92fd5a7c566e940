import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ContactImport } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { FakeSocket } from '../../../test/fake-socket';
import { anImport } from '../test/fixtures';
import { useBackgroundImport } from './use-background-import';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));
const notify = { success: vi.fn(), failure: vi.fn() };
vi.mock('./use-contacts-notifications', () => ({ useContactsNotifications: () => notify }));

const report = (id: string, change: Partial<ContactImport>): { import: ContactImport } => ({
  import: anImport({
    id,
    state: 'running',
    sizeBytes: 10,
    totalRows: 3,
    processedRows: 3,
    created: 2,
    updated: 1,
    ...change,
  }),
});

describe('an import left running when its dialog closed', () => {
  it('says once, when it has ended, how it went; other imports are not its business', () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useBackgroundImport(), { wrapper });
    act(() => result.current.follow('a'));

    socket.play('contact-import.progress', report('a', { state: 'running' }));
    socket.play('contact-import.progress', report('b', { state: 'completed' }));
    expect(notify.success).not.toHaveBeenCalled();

    socket.play('contact-import.progress', report('a', { state: 'completed' }));
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(String(notify.success.mock.calls[0]![0]).replace(/[\u2066-\u2069]/g, '')).toBe(
      'Import of people.csv finished: 2 created, 1 updated, 0 invalid.',
    );
    socket.play('contact-import.progress', report('a', { state: 'completed' }));
    expect(notify.success).toHaveBeenCalledTimes(1);

    act(() => result.current.follow('c'));
    socket.play('contact-import.progress', report('c', { state: 'failed' }));
    expect(notify.failure).toHaveBeenCalledWith({ error: expect.stringContaining('stopped') });
  });
});
