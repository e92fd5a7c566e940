import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Groups calls into batches: a batch starts on the event loop's next turn, so every request read
 * in this turn joins it, and calls made while it runs form the next one (up to `maxBatch`). Each
 * caller gets its own result. When a batch fails, its items run again one by one, so one bad item
 * fails alone. A lone call waits one turn, not a timer.
 *
 * The turn matters where the database answers through promise callbacks only (embedded PGlite in
 * process, as tests run it): a batch started at once would run to its end before Node reads the
 * next request from the network.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, options: { maxBatch: number }) {
  interface Waiting {
    item: I;
    resolve(value: O): void;
    reject(error: unknown): void;
  }
  const waiting: Waiting[] = [];
  let running = false;
  let drained: Promise<void> = Promise.resolve();

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      await nextTurn();
      const batch = waiting.splice(0, options.maxBatch);
      try {
        const results = await run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await runAlone(batch);
      }
    }
    running = false;
  }

  async function runAlone(batch: Waiting[]) {
    for (const w of batch) {
      try {
        w.resolve((await run([w.item]))[0]!);
      } catch (error) {
        w.reject(error);
      }
    }
  }

  return {
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (!running) drained = drain();
      });
    },
    /** Resolves once everything added so far has run. */
    settled(): Promise<void> {
      return drained;
    },
  };
}
