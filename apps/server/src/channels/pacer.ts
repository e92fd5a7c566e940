import { setTimeout as sleep } from 'node:timers/promises';

const WINDOW_MS = 1000;

/** Sends leave this much under the limit: between here and the centre they can bunch a little. */
const MARGIN = 0.95;

/**
 * Keeps a network under `perSecond` SMS parts in every one-second window. Parts are spaced
 * evenly (5 % under the limit, so a send delayed on its way does not push two into one slot),
 * and a sliding count of the parts really let through in the last second has the last word, so
 * a stalled event loop never turns into a burst.
 */
export function createPacer(perSecond: number) {
  const limit = Math.max(1, Math.floor(perSecond));
  const spacingMs = 1000 / (perSecond * MARGIN);
  let nextSlot = 0;
  // Parts let through, oldest first, as [time, parts]; `head` skips those older than a second.
  const log: Array<[number, number]> = [];
  let head = 0;
  let inWindow = 0;

  function forgetOlderThan(now: number) {
    while (head < log.length && log[head]![0] <= now - WINDOW_MS) {
      inWindow -= log[head]![1];
      head += 1;
    }
    if (head > 1024 && head * 2 > log.length) {
      log.splice(0, head);
      head = 0;
    }
  }

  return {
    /** Waits for room for `parts` SMS parts; rejects with an AbortError when `signal` fires. */
    async take(parts: number, signal?: AbortSignal): Promise<void> {
      const needed = Math.min(parts, limit);
      for (;;) {
        const now = performance.now();
        if (nextSlot - now >= 1) {
          await sleep(nextSlot - now, undefined, { signal });
          continue;
        }
        forgetOlderThan(now);
        if (inWindow + needed <= limit) {
          log.push([now, needed]);
          inWindow += needed;
          nextSlot = Math.max(now, nextSlot) + needed * spacingMs;
          return;
        }
        // Room appears when the oldest parts of the window turn a second old.
        await sleep(Math.max(1, log[head]![0] + WINDOW_MS - now), undefined, { signal });
      }
    },
  };
}

/**
 * One pacer per campaign (messages a second: the network's share of the campaign's rate), made
 * on first use and again when the share changes; a campaign's messages wait for its pacer before
 * the network's, so neither rate is passed in any second.
 */
export function createCampaignPacers() {
  const pacers = new Map<string, { rate: number; pacer: ReturnType<typeof createPacer> }>();
  return {
    /** Waits for the campaign's next slot; a message outside any campaign does not wait. */
    async take(campaignId: string | null, rate: number | null, signal?: AbortSignal): Promise<void> {
      if (!campaignId || !rate) return;
      let entry = pacers.get(campaignId);
      if (!entry || entry.rate !== rate) {
        entry = { rate, pacer: createPacer(rate) };
        pacers.set(campaignId, entry);
      }
      await entry.pacer.take(1, signal);
    },
  };
}
