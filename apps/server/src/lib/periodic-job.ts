import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Runs the job soon, then every period; never two passes at once. Idempotent. */
  start(): void;
  /** No more passes; resolves when the one under way (if any) has ended. */
  stop(): Promise<void>;
}

/**
 * A housekeeping job on a timer that does not keep the process alive: a pass that fails is
 * logged and the next one runs as planned; a pass still running when the next is due is not
 * doubled. Safe with several instances only if the job itself is (each pass one statement).
 */
export function createPeriodicJob(periodMs: number, job: () => Promise<void>, log: FastifyBaseLogger): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function pass() {
    if (running) return;
    running = job()
      .catch((error: unknown) => log.error({ err: error }, 'a periodic job failed'))
      .finally(() => (running = null));
  }

  return {
    start() {
      if (timer) return;
      first = setTimeout(pass, 0);
      first.unref();
      timer = setInterval(pass, periodMs);
      timer.unref();
    },
    async stop() {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      first = timer = null;
      await running;
    },
  };
}
