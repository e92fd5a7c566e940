import { createInterface } from 'node:readline';
import { DataDirLockedError, lockDataDir } from '../../src/db/data-dir-lock.js';

/**
 * A process that takes the DATA_DIR lock, for the lock's tests: `node --import tsx this-file <dir>`.
 * Prints "ready", waits for "go" on stdin (so several start at the same moment), then prints
 * "locked" (and keeps the lock until killed or stdin closes) or "refused".
 */
const dataDir = process.argv[2]!;
const lines = createInterface({ input: process.stdin });
console.log('ready');
lines.once('line', () => {
  lockDataDir(dataDir).then(
    (unlock) => {
      console.log('locked');
      lines.once('close', () => void unlock().then(() => process.exit(0)));
    },
    (error: unknown) => {
      console.log(error instanceof DataDirLockedError ? 'refused' : `failed: ${String(error)}`);
      process.exit(0);
    },
  );
});
