import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteId } from './page-handle';

/** The translated title of a page (menu, breadcrumb, document title, search). */
export function useRouteTitle(): (id: RouteId) => string {
  const { t } = useTranslation('nav');
  return useCallback((id: RouteId) => t(`routes.${id}`), [t]);
}
