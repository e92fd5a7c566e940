import type { ReactNode } from 'react';
import classes from './error-layout.module.css';

/** Decorative: the page's heading says the same in words. Colours follow the light/dark theme. */
export function Scene({ children }: { children: ReactNode }) {
  return (
    <svg className={classes.illustration} viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <ellipse className={classes.accentSoft} cx="120" cy="92" rx="104" ry="80" />
      <ellipse className={classes.surface} cx="120" cy="166" rx="76" ry="7" />
      {children}
    </svg>
  );
}
