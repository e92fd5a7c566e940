import { useMatches } from 'react-router';
import type { PageHandle } from './page-handle';

/** The handle of the deepest matched page route. */
export function usePageHandle(): PageHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.id) return handle;
  }
  return undefined;
}
