import { useMemo } from 'react';
import { useSession } from '../../../lib/session';
import { pageDirectory, type DirectoryPage } from './page-directory';

/** Every page the current visitor may open (see pageDirectory). */
export function usePageDirectory(): DirectoryPage[] {
  const state = useSession();
  return useMemo(() => pageDirectory(state), [state]);
}
