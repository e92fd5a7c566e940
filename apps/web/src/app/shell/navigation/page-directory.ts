import { decideAccess } from '../../../lib/routing/access';
import type { RouteId } from '../../../lib/routing/page-handle';
import { layoutRoutes } from '../../route-table';
import type { SessionState } from '../../../lib/session';
import { MENU_GROUPS } from './menu-groups';
import { canOpenPath } from './visible-menu';

export interface DirectoryPage {
  /** Title key (`nav:routes.<id>`) and icon. */
  id: RouteId;
  /** App path, also the bookmark's value. */
  to: string;
}

/**
 * Every page a visitor may open, for the search and the bookmarks bar: the route table's
 * searchable pages, plus menu entries that lead somewhere else (Voice Inbox, Todo, Email…).
 */
export function pageDirectory(state: SessionState): DirectoryPage[] {
  const pages: DirectoryPage[] = layoutRoutes
    .filter((route) => route.handle.searchable && decideAccess(route.handle, state) === 'allow')
    .map((route) => ({ id: route.handle.id, to: route.path }));
  const known = new Set(pages.map((page) => page.to));
  for (const entry of MENU_GROUPS.flatMap((group) => group.entries)) {
    if (known.has(entry.to) || !canOpenPath(entry.to, state)) continue;
    known.add(entry.to);
    pages.push({ id: entry.id, to: entry.to });
  }
  return pages;
}
