import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { findActiveEntryTo } from './active-entry';

/** The menu entry (its `to`) for the current location, or null. */
export function useActiveEntryTo(): string | null {
  const { pathname, search } = useLocation();
  return useMemo(() => findActiveEntryTo(pathname, search), [pathname, search]);
}
