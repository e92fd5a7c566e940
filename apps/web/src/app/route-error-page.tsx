import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** The 500 page's words without its illustration: shown when even its code cannot be loaded. */
function BareServerError() {
  const { t } = useTranslation('errors');
  return (
    <main style={{ padding: '15vh 1rem', textAlign: 'center' }}>
      <h1>{t('pages.serverError.title')}</h1>
      <p>{t('pages.serverError.text')}</p>
      <a href="/">{t('pages.backHome')}</a>
    </main>
  );
}

// Loaded only when something broke, so it costs the first visit nothing. A failed load (the
// usual cause: the app was redeployed and old chunks are gone) falls back to the bare version.
const ServerErrorPage = lazy(() =>
  import('../features/errors/error-500-page').catch(() => ({ default: BareServerError })),
);

/**
 * A page that failed to load or render: logged, and the 500 page shown right here. Rendering it in
 * place (not navigating to /pages/error-500) means a broken route can never loop.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Suspense fallback={null}>
      <ServerErrorPage />
    </Suspense>
  );
}
