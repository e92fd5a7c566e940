import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A byte range, both ends included (as in HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the server keeps files (voice recordings). Keys are made by the server (`newStorageKey`),
 * never taken from a request, so a caller cannot name a path; the local implementation checks
 * their shape anyway.
 */
export interface FileStorage {
  /** Writes the stream under `key` (replacing any file there) and returns its size in bytes. */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<{ sizeBytes: number }>;
  /** Opens the file for reading, whole or one range; throws FileNotFoundError when it is gone. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** The file's size, or null when there is none. */
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`);
    this.name = 'FileNotFoundError';
  }
}

const KEY_SHAPE = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** A fresh key under a prefix, spread over month folders so no directory grows without end. */
export function newStorageKey(prefix: string, now = new Date()): string {
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  return `${prefix}/${month}/${randomUUID()}`;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files in a local directory (DATA_DIR/files by default). A write goes to a temporary file first
 * and is renamed into place, so a reader never sees half a file and a crash leaves no partial
 * file under a real key (at most a `*.tmp` next to it).
 */
export function createLocalFileStorage(rootDir: string): FileStorage {
  function pathOf(key: string): string {
    if (!KEY_SHAPE.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return join(rootDir, ...key.split('/'));
  }

  return {
    async put(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      const sink = createWriteStream(temporary, { flags: 'wx' });
      try {
        await pipeline(source, sink);
        const { size } = await stat(temporary);
        await rename(temporary, path);
        return { sizeBytes: size };
      } catch (error) {
        // A source that fails at once can do so before the file is even opened: the stream opens
        // it, then closes it; removing it before then would leave it behind.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async open(key, range) {
      const path = pathOf(key);
      try {
        const handle = await open(path, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { sizeBytes: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
