import { Scene } from './scene';
import classes from './error-layout.module.css';

/** A padlock in front of a message bubble. */
export function NotAuthorizedIllustration() {
  return (
    <Scene>
      <path
        className={classes.paper}
        d="M46 30h104a12 12 0 0 1 12 12v46a12 12 0 0 1-12 12H80l-20 18v-18H46a12 12 0 0 1-12-12V42a12 12 0 0 1 12-12z"
      />
      <rect className={classes.surface} x="50" y="50" width="80" height="8" rx="4" />
      <rect className={classes.surface} x="50" y="68" width="56" height="8" rx="4" />
      <path className={classes.gear} d="M142 96V80a26 26 0 0 1 52 0v16" strokeWidth="12" />
      <rect className={classes.accent} x="126" y="92" width="84" height="66" rx="12" />
      <circle className={classes.white} cx="168" cy="118" r="9" />
      <rect className={classes.white} x="164" y="120" width="8" height="20" rx="4" />
    </Scene>
  );
}
