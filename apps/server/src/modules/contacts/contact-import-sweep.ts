import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../lib/file-storage.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import type { ContactImportsRepository } from './contact-imports.repository.js';

/** An upload not started within this long is deleted with its file. */
export const UNSTARTED_UPLOAD_TTL_MS = 24 * 3_600_000;

/** How often the sweep runs (and once when it starts). */
const SWEEP_EVERY_MS = 3_600_000;

/**
 * Uploads that were never started (the dialog closed, the tab gone) would keep their file in
 * storage for ever: a sweep deletes those older than a day. The rows go in one statement first
 * (of sweeps on several instances each row goes to one; a start that claimed a row keeps it),
 * then their files, so a file is removed only once nothing names it.
 */
export function createUnstartedUploadSweep(deps: {
  imports: ContactImportsRepository;
  storage: FileStorage;
  log: FastifyBaseLogger;
}) {
  /** One pass as of `now`; answers how many uploads it removed. */
  async function sweep(now = new Date()): Promise<number> {
    const keys = await deps.imports.deleteUnstarted(new Date(now.getTime() - UNSTARTED_UPLOAD_TTL_MS));
    for (const key of keys)
      await deps.storage.remove(key).catch((error: unknown) => {
        deps.log.warn({ err: error, fileKey: key }, 'could not remove the file of an unstarted import');
      });
    return keys.length;
  }

  const job = createPeriodicJob(
    SWEEP_EVERY_MS,
    async () => {
      const removed = await sweep();
      if (removed) deps.log.info({ removed }, 'removed contact imports that were never started');
    },
    deps.log,
    { sharedAs: 'unstarted-import-sweep' },
  );
  return { sweep, job };
}
