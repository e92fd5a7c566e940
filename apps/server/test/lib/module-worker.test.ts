import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createWorkerPool } from '../../src/lib/module-worker.js';

/** A worker that stays up until terminated. */
const idler = () => new Worker('setInterval(() => {}, 1000)', { eval: true });

describe('a pool of worker threads', () => {
  it('hands out the worker it warmed, takes it back, and ends idle ones after their time', async () => {
    let started = 0;
    const pool = createWorkerPool(() => (started++, idler()), 200);
    pool.warm();
    pool.warm();
    const worker = pool.take();
    expect(started).toBe(1);
    pool.give(worker);
    expect(pool.take()).toBe(worker);
    const other = pool.take();
    expect(other).not.toBe(worker);
    expect(started).toBe(2);
    pool.give(worker);
    await once(worker, 'exit');
    // An idle worker that ended is not handed out again.
    const third = pool.take();
    expect(third).not.toBe(worker);
    await Promise.all([other.terminate(), third.terminate()]);
    await pool.close();
  });

  it('terminates its idle workers when closed', async () => {
    const pool = createWorkerPool(idler);
    pool.warm();
    const worker = pool.take();
    pool.give(worker);
    const exited = once(worker, 'exit');
    await pool.close();
    await exited;
  });
});
