import { useMemo } from 'react';
import { useSession } from '../../../lib/session';
import type { MenuGroup } from './menu-groups';
import { visibleMenu } from './visible-menu';

/** The menu for the current visitor (see visibleMenu). */
export function useVisibleMenu(): MenuGroup[] {
  const state = useSession();
  return useMemo(() => visibleMenu(state), [state]);
}
