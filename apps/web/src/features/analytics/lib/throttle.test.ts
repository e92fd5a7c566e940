import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per interval however many calls come', () => {
    const run = vi.fn();
    const refresh = throttle(run, 2_000);
    refresh();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i += 1) {
      refresh();
      vi.advanceTimersByTime(30);
    }
    // 1.5 s of calls: only the first ran so far; the others are folded into one at the interval's end.
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('keeps one run per interval under a steady stream of calls', () => {
    const run = vi.fn();
    const refresh = throttle(run, 2_000);
    for (let i = 0; i < 100; i += 1) {
      refresh();
      vi.advanceTimersByTime(100);
    }
    // 10 s of calls every 100 ms: the first run, then one at the end of each 2 s interval.
    expect(run).toHaveBeenCalledTimes(6);
  });

  it('runs the next call at once after a quiet interval', () => {
    const run = vi.fn();
    const refresh = throttle(run, 2_000);
    refresh();
    vi.advanceTimersByTime(2_500);
    refresh();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops the pending run when cancelled, and starts afresh after', () => {
    const run = vi.fn();
    const refresh = throttle(run, 2_000);
    refresh();
    refresh();
    refresh.cancel();
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    refresh();
    expect(run).toHaveBeenCalledTimes(2);
  });
});
