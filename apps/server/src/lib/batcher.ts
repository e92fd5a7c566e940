/**
 * Groups calls that arrive while a batch is running: the first call runs at once; calls made
 * meanwhile wait and run together as the next batch (up to `maxBatch`). Each caller gets its own
 * result. When a batch fails, its items run again one by one, so one bad item fails alone.
 * Nothing waits on a timer, so a lone call is never delayed.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, options: { maxBatch: number }) {
  interface Waiting {
    item: I;
    resolve(value: O): void;
    reject(error: unknown): void;
  }
  const waiting: Waiting[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (waiting.length > 0) {
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
        if (!running) void drain();
      });
    },
  };
}
