import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Spaces sends so a network never goes above `perSecond` SMS parts: each take(n) starts no
 * earlier than the previous one's end slot (n / perSecond seconds later). No burst allowance,
 * so any one-second window holds at most `perSecond` parts (plus the one that opens it).
 */
export function createPacer(perSecond: number) {
  const intervalMs = 1000 / Math.max(perSecond, 0.001);
  let nextSlot = 0;
  return {
    async take(parts: number): Promise<void> {
      const now = performance.now();
      const start = Math.max(now, nextSlot);
      nextSlot = start + parts * intervalMs;
      if (start - now >= 1) await sleep(start - now);
    },
  };
}
