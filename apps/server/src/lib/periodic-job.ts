import type { FastifyBaseLogger } from 'fastify';

/**
 * Turns of background jobs shared by the instances on one PostgreSQL (modules/coordination):
 * of the instances asking for job `name` at about the same time, one runs the pass.
 */
export interface JobTurns {
  /**
   * Runs `pass` if this instance gets the turn of `name` (nobody else is running it, and the
   * last pass anywhere began about `everyMs` ago or longer); answers whether it ran.
   */
  run(name: string, everyMs: number, pass: () => Promise<void>): Promise<boolean>;
}

export interface PeriodicJob {
  /**
   * Runs the job soon, then every period; never two passes at once. Idempotent. Given the
   * instances' turns, a job with a `sharedAs` name runs a pass only on its turn: once a period
   * across instances, not once per instance.
   */
  start(turns?: JobTurns): void;
  /** No more passes; resolves when the one under way (if any) has ended. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  /**
   * The job's name among the instances' turns: work on shared rows (a sweep) runs on one
   * instance a period. Without it every instance runs every pass (work on its own memory).
   */
  sharedAs?: string;
}

/**
 * A housekeeping job on a timer that does not keep the process alive: a pass that fails is
 * logged and the next one runs as planned; a pass still running when the next is due is not
 * doubled. On several instances a `sharedAs` job runs one pass at a time across all of them
 * (each pass is also safe on its own: one statement per row it changes).
 */
export function createPeriodicJob(
  periodMs: number,
  job: () => Promise<void>,
  log: FastifyBaseLogger,
  options: PeriodicJobOptions = {},
): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let shared: JobTurns | undefined;

  function pass() {
    if (running) return;
    const name = options.sharedAs;
    const work = shared && name ? shared.run(name, periodMs, job) : job();
    running = work
      .then(() => {})
      .catch((error: unknown) => log.error({ err: error }, 'a periodic job failed'))
      .finally(() => (running = null));
  }

  return {
    start(turns) {
      if (timer) return;
      shared = turns;
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
