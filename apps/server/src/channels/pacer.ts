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

  const pacer = {
    /** How many milliseconds until `parts` SMS parts fit (0: they fit now). */
    waitMs(parts: number, now: number): number {
      if (nextSlot - now >= 1) return nextSlot - now;
      forgetOlderThan(now);
      if (inWindow + Math.min(parts, limit) <= limit) return 0;
      // Room appears when the oldest parts of the window turn a second old.
      return Math.max(1, log[head]![0] + WINDOW_MS - now);
    },
    /** Counts `parts` as let through at `now` (after `waitMs` said they fit). */
    commit(parts: number, now: number): void {
      const needed = Math.min(parts, limit);
      log.push([now, needed]);
      inWindow += needed;
      nextSlot = Math.max(now, nextSlot) + needed * spacingMs;
    },
    /** Waits for room for `parts` SMS parts; rejects with an AbortError when `signal` fires. */
    take(parts: number, signal?: AbortSignal): Promise<void> {
      return takeTogether([[pacer, parts]], signal);
    },
  };
  return pacer;
}

export type Pacer = ReturnType<typeof createPacer>;

/**
 * Waits until every pacer has room at one and the same moment, then counts the parts in each at
 * that moment: the message leaves then, so none of their windows is passed. (Waiting on one and
 * then the other let the first one's slot age while the second held the message back, and the
 * first's window could take one message too many.)
 */
export async function takeTogether(wanted: Array<[Pacer, number]>, signal?: AbortSignal): Promise<void> {
  for (;;) {
    signal?.throwIfAborted();
    const now = performance.now();
    const waitMs = Math.max(...wanted.map(([pacer, parts]) => pacer.waitMs(parts, now)));
    if (waitMs < 1) {
      for (const [pacer, parts] of wanted) pacer.commit(parts, now);
      return;
    }
    await sleep(waitMs, undefined, { signal });
  }
}

/**
 * One pacer per campaign (messages a second: the network's share of the campaign's rate), made
 * on first use and again when the share changes; a campaign's message is let through when both
 * its pacer and the network's have room (`takeTogether`), so neither rate is passed in any second.
 */
export function createCampaignPacers() {
  const pacers = new Map<string, { rate: number; pacer: Pacer }>();
  return {
    /** The campaign's pacer; null for a message outside any campaign. */
    of(campaignId: string | null, rate: number | null): Pacer | null {
      if (!campaignId || !rate) return null;
      let entry = pacers.get(campaignId);
      if (!entry || entry.rate !== rate) {
        entry = { rate, pacer: createPacer(rate) };
        pacers.set(campaignId, entry);
      }
      return entry.pacer;
    },
  };
}
