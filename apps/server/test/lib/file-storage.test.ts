import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalFileStorage,
  FileNotFoundError,
  newStorageKey,
  type FileStorage,
} from '../../src/lib/file-storage.js';

describe('local file storage', () => {
  let root: string;
  let storage: FileStorage;
  const allFiles = async () =>
    (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sb-file-storage-'));
    // A directory that does not exist yet: the first write makes it.
    storage = createLocalFileStorage(join(root, 'files'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('makes keys under a prefix, by month, never twice the same', () => {
    const key = newStorageKey('voice', new Date('2025-03-09T10:00:00Z'));
    expect(key).toMatch(/^voice\/2025\/03\/[0-9a-f-]{36}$/);
    expect(newStorageKey('voice')).not.toBe(newStorageKey('voice'));
  });

  it('writes a stream, reports its size, and reads it back whole or by range', async () => {
    const key = newStorageKey('test');
    const { sizeBytes } = await storage.put(key, Readable.from([Buffer.from('0123456789'), Buffer.from('abcdef')]));
    expect(sizeBytes).toBe(16);
    expect(await readFile(join(root, 'files', ...key.split('/')), 'utf8')).toBe('0123456789abcdef');
    expect(await storage.stat(key)).toEqual({ sizeBytes: 16 });
    expect(await text(await storage.open(key))).toBe('0123456789abcdef');
    expect(await text(await storage.open(key, { start: 3, end: 11 }))).toBe('3456789ab');
    expect(await text(await storage.open(key, { start: 15, end: 15 }))).toBe('f');
  });

  it('replaces a file atomically and leaves no temporary file behind', async () => {
    const key = newStorageKey('test');
    await storage.put(key, Readable.from([Buffer.from('first')]));
    await storage.put(key, Readable.from([Buffer.from('second version')]));
    expect(await text(await storage.open(key))).toBe('second version');
    expect((await allFiles()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps nothing of a write whose source fails, not even under the key', async () => {
    const key = newStorageKey('test');
    async function* failing() {
      yield Buffer.from('half of it');
      throw new Error('connection reset');
    }
    const before = await allFiles();
    await expect(storage.put(key, failing())).rejects.toThrow('connection reset');
    expect(await storage.stat(key)).toBeNull();
    expect(await allFiles()).toEqual(before);
  });

  it('removes files; a missing file is no error, but opening one is FileNotFoundError', async () => {
    const key = newStorageKey('test');
    await storage.put(key, Readable.from([Buffer.from('x')]));
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.open(key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../etc/passwd', 'voice/../../x', '/abs/path', 'voice//x', 'Voice/X', '']) {
      await expect(storage.stat(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});
