import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread whose module sits beside the caller (`base`: the caller's
 * `import.meta.url`; `name`: the file's name without extension). The built server runs the
 * compiled `.js`; from TypeScript sources (`npm run dev`, tests and benches under tsx or vitest)
 * the worker first registers tsx's loader, as the main thread did: Node 20 does not pass module
 * hooks on to workers. That start costs ~0.7 s of CPU against ~50 ms from the build.
 */
export function startModuleWorker(base: string, name: string, options: WorkerOptions = {}): Worker {
  const fromSources = base.endsWith('.ts');
  const url = new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, base);
  if (!fromSources) return new Worker(url, options);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

export interface WorkerPool {
  /** An idle worker, or a new one. */
  take(): Worker;
  /** Starts a worker now (unless one is idle), so that the next `take` finds it ready. */
  warm(): void;
  /** Back to the pool, idle, after a job that ended cleanly (a worker in an unknown state is terminated instead). */
  give(worker: Worker): void;
  /** Terminates the idle workers. */
  close(): Promise<void>;
}

/**
 * Workers kept for the next job: a worker idle for `idleMs` is terminated, and an idle one never
 * keeps the process alive. Workers handed out are the caller's to give back or terminate.
 */
export function createWorkerPool(start: () => Worker, idleMs = 5 * 60_000): WorkerPool {
  const idle = new Map<Worker, NodeJS.Timeout>();
  const forget = (worker: Worker) => {
    clearTimeout(idle.get(worker));
    idle.delete(worker);
  };

  const started = () => {
    const worker = start();
    worker.once('exit', () => forget(worker));
    return worker;
  };

  const pool: WorkerPool = {
    take() {
      const [worker, timer] = idle.entries().next().value ?? [];
      if (!worker) return started();
      clearTimeout(timer);
      idle.delete(worker);
      worker.ref();
      return worker;
    },
    warm() {
      if (idle.size === 0) pool.give(started());
    },
    give(worker) {
      worker.unref();
      const timer = setTimeout(() => {
        idle.delete(worker);
        void worker.terminate();
      }, idleMs);
      timer.unref();
      idle.set(worker, timer);
    },
    async close() {
      const workers = [...idle.keys()];
      for (const timer of idle.values()) clearTimeout(timer);
      idle.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
  return pool;
}
