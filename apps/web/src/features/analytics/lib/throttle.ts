export interface Throttled {
  /** Asks for a run: at once when the last one is over `intervalMs` ago, else once at the interval's end. */
  (): void;
  /** Drops a pending run (the page was left). */
  cancel: () => void;
}

/**
 * Runs `run` at most once per `intervalMs`, first call at once (leading) and the calls during an
 * interval folded into one run at its end (trailing), so the last event is never missed and a
 * burst costs one run per interval. Mantine's throttled callback does not export its cancel, which
 * a page needs when it is left; lodash's would be a dependency for these lines.
 */
export function throttle(run: () => void, intervalMs: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;

  const endOfInterval = () => {
    if (pending) {
      pending = false;
      run();
      timer = setTimeout(endOfInterval, intervalMs);
    } else {
      timer = undefined;
    }
  };

  const throttled = (() => {
    if (timer !== undefined) {
      pending = true;
      return;
    }
    run();
    timer = setTimeout(endOfInterval, intervalMs);
  }) as Throttled;
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = false;
  };
  return throttled;
}
