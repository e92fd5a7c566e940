import { readdir, readFile, readlink } from 'node:fs/promises';

/**
 * Which process holds a TCP connection to a local port (Linux /proc): the SMS centre sees two
 * instances as two anonymous peers, and only the kernel knows which of them holds the bind.
 * A socket's inode is listed both in the process's file descriptors (`socket:[inode]`) and in
 * the network namespace's connection table, next to the remote address.
 */

const ESTABLISHED = '01';

/** True when process `pid` has an established TCP connection to 127.0.0.1 (or ::1) on `remotePort`. */
export async function isConnectedTo(pid: number, remotePort: number): Promise<boolean> {
  const inodes = await socketInodes(pid);
  if (inodes.size === 0) return false;
  for (const table of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const remote = fields[2];
      if (!remote || fields[3] !== ESTABLISHED) continue;
      const port = Number.parseInt(remote.split(':')[1] ?? '', 16);
      if (port === remotePort && inodes.has(fields[9] ?? '')) return true;
    }
  }
  return false;
}

async function socketInodes(pid: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  return inodes;
}

/** Of several server processes, the one connected to `remotePort` (undefined: none, or more than one). */
export async function connectedOne<T extends { process: { child: { pid?: number } } }>(
  servers: readonly T[],
  remotePort: number,
): Promise<T | undefined> {
  const connected: T[] = [];
  for (const server of servers) {
    const pid = server.process.child.pid;
    if (pid !== undefined && (await isConnectedTo(pid, remotePort))) connected.push(server);
  }
  return connected.length === 1 ? connected[0] : undefined;
}
