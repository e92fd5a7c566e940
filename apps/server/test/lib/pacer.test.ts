import { describe, expect, it } from 'vitest';
import { createCampaignPacers, createPacer, takeTogether } from '../../src/channels/pacer.js';

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

  it('lets a message through only when the network and its campaign both have room, so neither limit is passed', async () => {
    // The dispatcher's loop: a network of 2 parts/s, a campaign at 1/s on it, then other traffic.
    // Taken one after the other, the second campaign message held the network's slot at ~0.53 s
    // while its campaign kept it until ~1.05 s; the next message took the network's following
    // slot at ~1.05 s too: three departures in one second on a network of two.
    const network = createPacer(2);
    const campaign = createCampaignPacers().of('campaign-1', 1)!;
    const departures: Array<{ at: number; campaign: boolean }> = [];
    for (const inCampaign of [true, true, false, false]) {
      await takeTogether(
        inCampaign
          ? [
              [network, 1],
              [campaign, 1],
            ]
          : [[network, 1]],
      );
      departures.push({ at: performance.now(), campaign: inCampaign });
    }
    const mostInASecond = (which: typeof departures) =>
      Math.max(...which.map(({ at }) => which.filter((d) => d.at >= at && d.at < at + 1_000).length));
    expect(mostInASecond(departures)).toBeLessThanOrEqual(2);
    expect(mostInASecond(departures.filter((d) => d.campaign))).toBe(1);
  });

  it('has no campaign pacer for a message outside campaigns, and a new one when the rate changes', () => {
    const pacers = createCampaignPacers();
    expect(pacers.of(null, null)).toBeNull();
    const first = pacers.of('c', 5);
    expect(pacers.of('c', 5)).toBe(first);
    expect(pacers.of('c', 6)).not.toBe(first);
  });
});
