import { Scene } from './scene';
import classes from './error-layout.module.css';

/** A server rack with a warning sign. */
export function ServerErrorIllustration() {
  return (
    <Scene>
      {[40, 80, 120].map((y) => (
        <g key={y}>
          <rect className={classes.paper} x="56" y={y - 8} width="110" height="32" rx="8" />
          <circle className={classes.ink} cx="74" cy={y + 8} r="5" />
          <rect className={classes.surface} x="90" y={y + 4} width="58" height="8" rx="4" />
        </g>
      ))}
      <path className={classes.accent} d="M176 78l36 64h-72z" strokeLinejoin="round" />
      <rect className={classes.white} x="172" y="96" width="8" height="26" rx="4" />
      <circle className={classes.white} cx="176" cy="131" r="5" />
    </Scene>
  );
}
