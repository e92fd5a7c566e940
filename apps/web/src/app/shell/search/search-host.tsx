import { lazy, Suspense } from 'react';
import type { SearchLauncher } from './use-search-launcher';

const SearchSpotlight = lazy(() => import('./search-spotlight'));

/** Mounts the spotlight once it has been asked for; its code is a separate chunk. */
export function SearchHost({ launcher }: { launcher: SearchLauncher }) {
  if (!launcher.requested) return null;
  return (
    <Suspense fallback={null}>
      <SearchSpotlight opened={launcher.opened} onClose={launcher.close} />
    </Suspense>
  );
}
