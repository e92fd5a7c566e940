import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { FileNotFoundError, newStorageKey, type FileStorage } from '../../lib/file-storage.js';
import { imageTypeOf, type ImageType } from './image-upload.js';

/**
 * Avatars and logos in file storage. Each upload gets a new key (and its row a new version, part of
 * the public URL), so a URL's bytes never change and browsers may cache them for good.
 */
export function createStoredImages(storage: FileStorage, log: FastifyBaseLogger) {
  return {
    async save(prefix: 'avatars' | 'logos', bytes: Buffer): Promise<string> {
      const key = newStorageKey(prefix);
      await storage.put(key, Readable.from([bytes]));
      return key;
    },

    /** The bytes and their type (sniffed again: the type is not stored); 404 when the file is gone. */
    async read(key: string): Promise<{ bytes: Buffer; type: ImageType }> {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        const type = await imageTypeOf(bytes);
        if (!type) throw new AppError('NOT_FOUND', 'No such image.');
        return { bytes, type };
      } catch (error) {
        if (error instanceof FileNotFoundError) throw new AppError('NOT_FOUND', 'No such image.');
        throw error;
      }
    },

    /** A replaced or abandoned file: a failure is logged, not the caller's problem. */
    async remove(key: string): Promise<void> {
      await storage.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'could not delete an image'));
    },
  };
}

export type StoredImages = ReturnType<typeof createStoredImages>;
