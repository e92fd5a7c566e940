import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';

export type ImageType = (typeof AVATAR_TYPES)[number];

/** Busboy limits of the avatar and logo routes: one small image, nothing else. */
export const IMAGE_UPLOAD_LIMITS = { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2 };

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`);

/** The image type by its first bytes (file-type), never by the name or the declared type. */
export async function imageTypeOf(bytes: Uint8Array): Promise<ImageType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return (AVATAR_TYPES as readonly string[]).includes(found?.mime ?? '') ? (found!.mime as ImageType) : undefined;
}

/**
 * Reads the one file part `field` of a multipart body into memory (at most AVATAR_MAX_BYTES: an
 * avatar or a logo) and checks it is a PNG, JPEG or WebP by its bytes: 415 otherwise, 413 when too
 * large, 400 when missing or empty.
 */
export async function readImageUpload(
  request: FastifyRequest,
  field: string,
): Promise<{ bytes: Buffer; type: ImageType }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' || part.fieldname !== field) {
        throw new AppError('VALIDATION_FAILED', `Send the image alone, in a part named "${field}".`);
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read.');
  }
  if (!file || file.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'The image is missing.', [{ path: `body.${field}`, message: 'Required.' }]);
  }
  const type = await imageTypeOf(file);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a PNG, JPEG or WebP image.');
  return { bytes: file, type };
}
