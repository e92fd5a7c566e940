import { useHotkeys } from '@mantine/hooks';
import { useCallback, useState } from 'react';

export interface SearchLauncher {
  /** The spotlight's code has been asked for (it loads on first use). */
  requested: boolean;
  opened: boolean;
  open: () => void;
  close: () => void;
}

/** Opens the navbar search from its button or Ctrl/⌘+K, loading the spotlight on first use. */
export function useSearchLauncher(): SearchLauncher {
  const [requested, setRequested] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => {
    setRequested(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  useHotkeys([['mod+K', open]], []);
  return { requested, opened, open, close };
}
