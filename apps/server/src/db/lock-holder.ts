import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who holds the DATA_DIR lock: enough to tell, from the same machine, whether it still runs. */
export interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22); null off Linux. */
  startTime: number | null;
  hostname: string;
  /** The kernel's boot id: a different one on the same host name means the machine restarted. */
  bootId: string | null;
  /** Random per acquisition: tells this lock from a later one by the same process. */
  nonce: string;
}

/**
 * The start time of a running process, which a reused pid does not share. Field 22 counts from
 * after the command name, which sits in parentheses and may itself hold spaces or parentheses.
 */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so field 22 is fields[19].
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

export function currentHolder(nonce: string): LockHolder {
  return { pid: process.pid, startTime: processStartTime(process.pid), hostname: hostname(), bootId: bootId(), nonce };
}

/**
 * 'alive' or 'dead' when the holder ran on this machine (same host name and kernel boot), where its
 * pid can be checked; 'elsewhere' when it did not (a network file system shared by several hosts,
 * or a reboot), so only the lock's heartbeat can tell.
 *
 * A holder with our own pid is dead: this process has not taken the lock (the caller checks its
 * own locks first), so it is an earlier process whose pid came back, typically a restarted
 * container whose server is PID 1 again. Hence two containers that share a DATA_DIR must not
 * share a host name too (Docker and Kubernetes give each its own by default).
 */
export function holderState(holder: LockHolder): 'alive' | 'dead' | 'elsewhere' {
  const self = currentHolder('');
  if (holder.hostname !== self.hostname) return 'elsewhere';
  if (holder.bootId && self.bootId && holder.bootId !== self.bootId) return 'elsewhere';
  if (holder.pid === process.pid) return 'dead';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'dead';
  }
  const startTime = processStartTime(holder.pid);
  if (holder.startTime !== null && startTime !== null && startTime !== holder.startTime) return 'dead';
  return 'alive';
}

export function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string' || typeof value.nonce !== 'string') {
      return null;
    }
    return {
      pid: value.pid,
      startTime: typeof value.startTime === 'number' ? value.startTime : null,
      hostname: value.hostname,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      nonce: value.nonce,
    };
  } catch {
    return null;
  }
}
