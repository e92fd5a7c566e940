import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { currentHolder, holderState, parseHolder, type LockHolder } from './lock-holder.js';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `DATA_DIR ${path.resolve(dataDir)} is in use by another Switchboard server. ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
  }
}

/**
 * PGlite does not lock its directory and a second process writing to it corrupts data, so the
 * server takes an exclusive lock first: the directory DATA_DIR/server.lock, made with mkdir (atomic
 * on every file system, network ones too), holding holder.json (pid, process start time, host
 * name, boot id).
 *
 * A lock left by a killed server is taken over at once when its holder ran on this machine and is
 * gone: its pid no longer exists, or belongs to a later process (another start time, or our own
 * pid: a restarted container). A supervisor's immediate restart after SIGKILL therefore works. A
 * holder on another host (a shared network file system) cannot be checked, so there the lock's
 * heartbeat decides: it is stale 10 s after its holder stopped touching it.
 *
 * Why not a lock the kernel releases with the process: flock/fcntl need a native addon in Node;
 * a unix socket in DATA_DIR is released, but its path may exceed the 108 bytes sockaddr_un allows,
 * it is not visible across hosts, and replacing a stale socket (unlink, listen) lets two racing
 * starters both win unless guarded by a second lock anyway. Taking over is serialised here by
 * server.lock.takeover (mkdir too), under which the lock is checked again before it is replaced,
 * so of several starters racing over a dead holder exactly one wins.
 */

const LOCK_NAME = 'server.lock';
const HOLDER_FILE = 'holder.json';
/** A lock whose holder cannot be checked (another host, no holder file) is stale this long after its last heartbeat. */
export const STALE_MS = 10_000;
const HEARTBEAT_MS = 2_000;

/** Lock directories held by this process: a second open of the same DATA_DIR here is refused too. */
const heldHere = new Set<string>();

export interface LockOptions {
  /** The lock was removed or taken by someone else while held. Default: stop the process. */
  onCompromised?: (reason: string) => void;
}

function stopProcess(reason: string): void {
  // Another process has the directory: continuing would risk corrupting the database.
  console.error(`Lost the lock on DATA_DIR: ${reason}. Stopping to protect the data.`);
  process.exit(1);
}

export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const lockDir = path.join(path.resolve(dataDir), LOCK_NAME);
  if (heldHere.has(lockDir)) throw new DataDirLockedError(dataDir);
  const holder = currentHolder(randomUUID());
  if (!(await acquire(lockDir, holder))) throw new DataDirLockedError(dataDir);
  heldHere.add(lockDir);

  const heartbeat = setInterval(() => {
    void readHolder(lockDir).then(async (found) => {
      if (found?.nonce !== holder.nonce) {
        clearInterval(heartbeat);
        (options.onCompromised ?? stopProcess)(`${lockDir} was removed or taken by another process`);
        return;
      }
      const now = new Date();
      await utimes(lockDir, now, now).catch(() => {});
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldHere.delete(lockDir);
    if ((await readHolder(lockDir))?.nonce === holder.nonce) await rm(lockDir, { recursive: true, force: true });
  };
}

async function acquire(lockDir: string, holder: LockHolder): Promise<boolean> {
  // A few rounds: the lock may be released between our failed create and our look at it.
  for (let round = 0; round < 3; round += 1) {
    if (await create(lockDir, holder)) return true;
    const seen = await readHolderText(lockDir);
    const verdict = await judge(lockDir, seen);
    if (verdict === 'live') return false;
    if (verdict === 'stale') return takeOver(lockDir, seen, holder);
  }
  return false;
}

/** mkdir, then the holder file written whole (a rename), so a reader never sees half of it. */
async function create(lockDir: string, holder: LockHolder): Promise<boolean> {
  try {
    await mkdir(lockDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const temporary = path.join(lockDir, `${HOLDER_FILE}.${holder.nonce}`);
  await writeFile(temporary, JSON.stringify(holder));
  await rename(temporary, path.join(lockDir, HOLDER_FILE));
  return true;
}

/**
 * 'gone' when the lock disappeared meanwhile. Without a readable holder file (a starter between
 * mkdir and writing it, or a lock of an older version) only the heartbeat's age can tell.
 */
async function judge(lockDir: string, seen: string | null): Promise<'live' | 'stale' | 'gone'> {
  const age = await ageMs(lockDir);
  if (age === null) return 'gone';
  const holder = seen === null ? null : parseHolder(seen);
  const state = holder ? holderState(holder) : 'elsewhere';
  if (state === 'alive') return 'live';
  if (state === 'dead') return 'stale';
  return age > STALE_MS ? 'stale' : 'live';
}

/**
 * Replaces a stale lock, serialised by a second mkdir lock; under it the lock must still be the one
 * judged stale (same holder file, still stale) before it is moved aside and created anew. A
 * starter killed in the middle leaves the takeover lock behind: it is stale after STALE_MS.
 */
async function takeOver(lockDir: string, seen: string | null, holder: LockHolder): Promise<boolean> {
  const guard = `${lockDir}.takeover`;
  if (!(await createGuard(guard))) return false;
  try {
    const now = await readHolderText(lockDir);
    if (now !== seen || (await judge(lockDir, now)) !== 'stale') return false;
    const aside = `${lockDir}.stale-${holder.nonce}`;
    await rename(lockDir, aside);
    // Only a guard broken by two starters at once could let a live lock be moved: put it back.
    if ((await readHolderText(aside)) !== seen) {
      await rename(aside, lockDir).catch(() => {});
      return false;
    }
    await rm(aside, { recursive: true, force: true });
    return await create(lockDir, holder);
  } finally {
    await rm(guard, { recursive: true, force: true });
  }
}

async function createGuard(guard: string): Promise<boolean> {
  for (let round = 0; round < 2; round += 1) {
    try {
      await mkdir(guard);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = await ageMs(guard);
    // Someone is taking over right now: they win.
    if (age !== null && age <= STALE_MS) return false;
    await rm(guard, { recursive: true, force: true });
  }
  return false;
}

async function ageMs(file: string): Promise<number | null> {
  try {
    return Date.now() - (await stat(file)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function readHolderText(lockDir: string): Promise<string | null> {
  try {
    return await readFile(path.join(lockDir, HOLDER_FILE), 'utf8');
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}

async function readHolder(lockDir: string): Promise<LockHolder | null> {
  const text = await readHolderText(lockDir).catch(() => null);
  return text === null ? null : parseHolder(text);
}
