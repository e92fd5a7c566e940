import { describe, expect, it } from 'vitest';
import { createPacer } from '../../src/channels/pacer.js';

describe('pacer', () => {
  it('never lets more parts through in a second than the limit', async () => {
    const pacer = createPacer(50);
    const times: number[] = [];
    const start = performance.now();
    for (let part = 0; part < 100; part++) {
      await pacer.take(1);
      times.push(performance.now());
    }
    for (let i = 0; i < times.length; i++) {
      const inWindow = times.filter((at) => at >= times[i]! && at < times[i]! + 1_000).length;
      expect(inWindow).toBeLessThanOrEqual(51);
    }
    // Paced, but not throttled below the limit: 100 parts at 47.5/s take about 2.1 s. The upper
    // bound leaves room for a busy machine's late timers (a time-boxed count did not).
    const elapsed = performance.now() - start;
    expect(elapsed).toBeGreaterThan(1_000);
    expect(elapsed).toBeLessThan(6_000);
  });

  it('charges a long message for all its parts', async () => {
    const pacer = createPacer(10);
    const start = performance.now();
    await pacer.take(6);
    expect(performance.now() - start).toBeLessThan(50);
    await pacer.take(3); // six parts' worth of spacing first (a little over 100 ms each)
    expect(performance.now() - start).toBeGreaterThanOrEqual(600);
    await pacer.take(3); // 12 parts > 10 in one second: waits for the first message's second to pass
    expect(performance.now() - start).toBeGreaterThanOrEqual(990);
  });

  it('stops waiting when told to', async () => {
    const pacer = createPacer(1);
    await pacer.take(1);
    const abort = new AbortController();
    const waiting = pacer.take(1, abort.signal);
    abort.abort();
    await expect(waiting).rejects.toThrow(/abort/i);
  });
});
