import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, STALE_MS } from '../../src/db/data-dir-lock.js';
import { currentHolder, processStartTime, type LockHolder } from '../../src/db/lock-holder.js';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const childScript = fileURLToPath(new URL('../helpers/data-dir-lock-child.ts', import.meta.url));
const CHILD_TIMEOUT_MS = 30_000;

interface LockChild {
  process: ChildProcess;
  /** Resolves with each line of the child's stdout as it comes. */
  nextLine(): Promise<string>;
  exited: Promise<unknown>;
}

const children: ChildProcess[] = [];

function startLockChild(dataDir: string): LockChild {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, dataDir], {
    cwd: serverDir,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  let buffer = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  // 'close', not 'exit': a child that answers and exits at once can be seen to exit before its
  // answer is read from its stdout, and would then read as "exited".
  const exited = new Promise((resolve) => child.once('close', resolve));
  return {
    process: child,
    exited,
    nextLine: () =>
      lines.length > 0
        ? Promise.resolve(lines.shift()!)
        : Promise.race([new Promise<string>((resolve) => waiters.push(resolve)), exited.then(() => 'exited')]),
  };
}

/** Starts children, lets them all try the lock at once, and returns what each answered. */
async function race(dataDir: string, count: number): Promise<{ answers: string[]; lockChildren: LockChild[] }> {
  const lockChildren = Array.from({ length: count }, () => startLockChild(dataDir));
  for (const child of lockChildren) expect(await child.nextLine()).toBe('ready');
  for (const child of lockChildren) child.process.stdin!.write('go\n');
  const answers = await Promise.all(lockChildren.map((child) => child.nextLine()));
  return { answers, lockChildren };
}

/** A process that has exited: its pid is free (the test runs in well under the pid wrap-around). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

async function writeHolder(dataDir: string, holder: Partial<LockHolder>): Promise<void> {
  const lockDir = path.join(dataDir, 'server.lock');
  await mkdir(lockDir);
  await writeFile(path.join(lockDir, 'holder.json'), JSON.stringify({ ...currentHolder('old'), ...holder }));
}

describe('DATA_DIR lock', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-lock-'));
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records its holder, refuses a second lock in the same process, and removes the lock on release', async () => {
    const unlock = await lockDataDir(dataDir);
    const holder = JSON.parse(await readFile(path.join(dataDir, 'server.lock', 'holder.json'), 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, hostname: hostname(), startTime: processStartTime(process.pid) });
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await unlock();
    await unlock(); // twice is harmless
    const again = await lockDataDir(dataDir);
    await again();
  });

  it(
    'refuses while a live process holds the lock, with a message naming the directory, and takes it over at once after SIGKILL',
    async () => {
      const [holder] = (await race(dataDir, 1)).lockChildren;
      const error = await lockDataDir(dataDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(
        `DATA_DIR ${path.resolve(dataDir)} is in use by another Switchboard server`,
      );
      expect((error as Error).message).not.toContain('10 seconds');

      holder!.process.kill('SIGKILL');
      await holder!.exited;
      const unlock = await lockDataDir(dataDir);
      await unlock();
    },
    CHILD_TIMEOUT_MS,
  );

  it('takes over a lock whose holder process no longer exists', async () => {
    await writeHolder(dataDir, { pid: await deadPid() });
    const unlock = await lockDataDir(dataDir);
    await unlock();
  });

  it('takes over a lock whose pid now belongs to a later process (another start time)', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    children.push(other);
    const startTime = processStartTime(other.pid!);
    expect(startTime, 'this test needs /proc').not.toBeNull();
    await writeHolder(dataDir, { pid: other.pid!, startTime: startTime! - 1 });
    const unlock = await lockDataDir(dataDir);
    await unlock();
  });

  it('takes over a lock holding its own pid (a restarted container whose server is PID 1 again)', async () => {
    await writeHolder(dataDir, { pid: process.pid });
    const unlock = await lockDataDir(dataDir);
    await unlock();
  });

  it('refuses a lock held by a live process of this machine under its recorded start time', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    children.push(other);
    await writeHolder(dataDir, { pid: other.pid!, startTime: processStartTime(other.pid!) });
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('refuses a lock held on another host while its heartbeat is fresh, and takes it over once stale', async () => {
    await writeHolder(dataDir, { hostname: 'another-host', pid: await deadPid() });
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);

    const past = new Date(Date.now() - STALE_MS - 5_000);
    await utimes(path.join(dataDir, 'server.lock'), past, past);
    const unlock = await lockDataDir(dataDir);
    await unlock();
  });

  it('judges a lock without a holder file (an older version, or one being made) by its age', async () => {
    await mkdir(path.join(dataDir, 'server.lock'));
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);

    const past = new Date(Date.now() - STALE_MS - 5_000);
    await utimes(path.join(dataDir, 'server.lock'), past, past);
    const unlock = await lockDataDir(dataDir);
    await unlock();
  });

  it(
    'lets exactly one of several starters racing on a free DATA_DIR win',
    async () => {
      const { answers } = await race(dataDir, 4);
      expect(answers.filter((a) => a === 'locked')).toHaveLength(1);
      expect(answers.filter((a) => a === 'refused')).toHaveLength(3);
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'lets exactly one of several starters racing over a dead holder win',
    async () => {
      await writeHolder(dataDir, { pid: await deadPid() });
      const { answers } = await race(dataDir, 4);
      expect(answers.filter((a) => a === 'locked')).toHaveLength(1);
      expect(answers.filter((a) => a === 'refused')).toHaveLength(3);
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'notices a lock taken away while held',
    async () => {
      let reason = '';
      const unlock = await lockDataDir(dataDir, { onCompromised: (why) => (reason = why) });
      await rm(path.join(dataDir, 'server.lock'), { recursive: true });
      const deadline = Date.now() + 15_000;
      while (!reason && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reason).toContain('removed or taken');
      await unlock();
    },
    CHILD_TIMEOUT_MS,
  );
});
