import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `DATA_DIR ${path.resolve(dataDir)} is in use by another Switchboard server ` +
        '(or one stopped less than 10 seconds ago). Stop it first, or set DATA_DIR to another directory.',
    );
  }
}

/**
 * PGlite does not lock its directory and a second process writing to it corrupts data, so the
 * server takes an exclusive lock first. The lock is refreshed while the process runs and goes
 * stale 10 s after a crash, so a restart after a crash works without manual clean-up.
 *
 * proper-lockfile because it locks with mkdir (atomic on every file system, network ones too),
 * with staleness and a refresh timer; flock-style locks need a native addon, and no maintained
 * package does this better (its slow release pace is that of a finished, small library).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: 10_000,
      update: 2_000,
      retries: 0,
      realpath: false,
      onCompromised: (error) => {
        // Another process took the directory: continuing would risk corrupting the database.
        console.error(`Lost the lock on DATA_DIR: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
