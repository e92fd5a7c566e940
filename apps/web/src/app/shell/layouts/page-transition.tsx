import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useUiPreferences } from '../../../lib/preferences/ui-preferences-store';
import classes from './page-transition.module.css';

/** Replays the chosen page transition on every route change (none under reduced motion). */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { transition } = useUiPreferences();
  return (
    <div key={pathname} className={classes.page} data-transition={transition}>
      {children}
    </div>
  );
}
