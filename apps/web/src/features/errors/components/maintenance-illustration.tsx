import { Scene } from './scene';
import classes from './error-layout.module.css';

/** A gear and a wrench: work in progress. */
export function MaintenanceIllustration() {
  return (
    <Scene>
      {/* Eight teeth: a thick dashed ring whose dash period is an eighth of its circumference. */}
      <circle className={classes.gear} cx="100" cy="96" r="44" strokeWidth="16" strokeDasharray="14 20.56" />
      <circle className={classes.ink} cx="100" cy="96" r="38" />
      <circle className={classes.paper} cx="100" cy="96" r="15" />
      <g transform="rotate(-45 158 66)">
        <rect className={classes.accent} x="150" y="74" width="16" height="78" rx="8" />
        <circle className={classes.accent} cx="158" cy="66" r="21" />
        <rect className={classes.accentSoft} x="151" y="40" width="14" height="24" rx="3" />
      </g>
    </Scene>
  );
}
