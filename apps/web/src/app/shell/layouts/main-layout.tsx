import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader';

// The shell is its own chunk: pages outside the layout (sign-in, errors) never load it.
const ShellFrame = lazy(() => import('./shell-frame'));

/** Pages inside the main layout: the route guard and the page sit inside ShellFrame. */
export function MainLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ShellFrame />
    </Suspense>
  );
}
