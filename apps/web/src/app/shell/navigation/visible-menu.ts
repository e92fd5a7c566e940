import { decideAccess } from '../../../lib/routing/access';
import type { SessionState } from '../../../lib/session';
import { findPageRoute } from './find-page-route';
import { MENU_GROUPS, type MenuGroup } from './menu-groups';

/**
 * Whether a visitor may open an app path: the route guard's own decision, so the menu never
 * shows an entry that would end on the login or the not-authorized page.
 */
export function canOpenPath(to: string, state: SessionState): boolean {
  const route = findPageRoute(to);
  return route ? decideAccess(route.handle, state) === 'allow' : false;
}

/** The menu for a visitor: entries they may open; groups left empty disappear. */
export function visibleMenu(state: SessionState, groups: MenuGroup[] = MENU_GROUPS): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => canOpenPath(entry.to, state)) }))
    .filter((group) => group.entries.length > 0);
}
