import { Scene } from './scene';
import classes from './error-layout.module.css';

/** A speech bubble that lost its way: "404". */
export function NotFoundIllustration() {
  return (
    <Scene>
      <path
        className={classes.accent}
        d="M40 36h136a14 14 0 0 1 14 14v62a14 14 0 0 1-14 14H92l-26 24v-24H40a14 14 0 0 1-14-14V50a14 14 0 0 1 14-14z"
      />
      <text
        className={classes.white}
        x="108"
        y="98"
        textAnchor="middle"
        fontSize="46"
        fontWeight="800"
        fontFamily="system-ui, sans-serif"
      >
        404
      </text>
      <path
        className={classes.paper}
        d="M168 12h42a10 10 0 0 1 10 10v22a10 10 0 0 1-10 10h-6v12l-12-12h-24a10 10 0 0 1-10-10V22a10 10 0 0 1 10-10z"
      />
      <circle className={classes.ink} cx="176" cy="33" r="4" />
      <circle className={classes.ink} cx="189" cy="33" r="4" />
      <circle className={classes.ink} cx="202" cy="33" r="4" />
    </Scene>
  );
}
