import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../src/lib/periodic-job.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('createPeriodicJob', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once on start, then every period, never twice at once, and not after stop', async () => {
    vi.useFakeTimers();
    let passes = 0;
    let release: () => void = () => {};
    const job = createPeriodicJob(
      1_000,
      () => {
        passes++;
        return new Promise<void>((resolve) => (release = resolve));
      },
      log,
    );
    job.start();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    // Still running when the period comes: no second pass.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(2);
    const stopped = job.stop();
    release();
    await stopped;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(2);
  });

  it('logs a failed pass and runs the next one', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const job = createPeriodicJob(
      1_000,
      async () => {
        if (++passes === 1) throw new Error('disk full');
      },
      log,
    );
    job.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    await job.stop();
  });
});
