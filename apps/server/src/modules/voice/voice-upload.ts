import { MAX_VOICE_FILE_BYTES, VoiceUploadFieldsSchema, type VoiceUploadFields } from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import { newStorageKey, type FileStorage } from '../../lib/file-storage.js';
import { voiceContentTypeOf } from './audio-probe.js';
import type { StoredUpload } from './voice.service.js';

/** Busboy limits of the upload route: one audio file, a few short text fields. */
export const VOICE_UPLOAD_LIMITS = {
  fileSize: MAX_VOICE_FILE_BYTES,
  files: 1,
  fields: 10,
  // A 10,000-character transcript in UTF-8, with room to spare.
  fieldSize: 64 * 1024,
  parts: 12,
};

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The audio file is larger than ${MAX_VOICE_FILE_BYTES / 1024 / 1024} MB.`);

/** Multipart's own errors, as the API's. */
function refusalOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION_FAILED', 'Send one audio file per request.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('VALIDATION_FAILED', 'The form has more fields than this endpoint takes.');
  }
  return new AppError('VALIDATION_FAILED', 'The multipart body could not be read.');
}

/** Reads a part's stream to the end without keeping it, so the request goes on to its next part. */
async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * Reads POST /api/voice-messages: the text fields, and the audio part (`file`) streamed straight
 * into storage, never held in memory. The type is checked when the part starts (415), the size
 * while it streams (413, the truncated file deleted). Whatever goes wrong leaves no file behind.
 */
export async function readVoiceUpload(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<{ fields: VoiceUploadFields; file: StoredUpload }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the voice message as multipart/form-data.');
  }
  const values: Record<string, string> = {};
  let file: StoredUpload | undefined;
  let refusal: AppError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          refusal ??= new AppError('VALIDATION_FAILED', `The field ${part.fieldname} is too long.`);
        // An empty field is an absent one (forms send every input, filled or not).
        else if (String(part.value) !== '') values[part.fieldname] = String(part.value);
        continue;
      }
      const contentType = voiceContentTypeOf(part.mimetype);
      if (part.fieldname !== 'file' || !contentType || refusal) {
        await drain(part.file);
        refusal ??=
          part.fieldname !== 'file'
            ? new AppError('VALIDATION_FAILED', 'Send the audio in a part named "file".', [
                { path: `body.${part.fieldname}`, message: 'Unexpected file.' },
              ])
            : new AppError(
                'UNSUPPORTED_MEDIA_TYPE',
                `${part.mimetype || 'This type'} is not accepted. Send audio/mpeg, audio/wav, audio/ogg or audio/webm.`,
              );
        continue;
      }
      const storageKey = newStorageKey('voice');
      file = { storageKey, contentType, sizeBytes: 0 };
      file.sizeBytes = (await storage.put(storageKey, part.file)).sizeBytes;
      if (part.file.truncated) throw tooLarge();
    }
    if (refusal) throw refusal;
    if (!file) {
      throw new AppError('VALIDATION_FAILED', 'The audio file is missing.', [
        { path: 'body.file', message: 'Required: the audio in a part named "file".' },
      ]);
    }
    const parsed = VoiceUploadFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => ({
        path: ['body', ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
      throw new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Invalid form fields.', fields);
    }
    if (file.sizeBytes === 0) throw new AppError('VALIDATION_FAILED', 'The audio file is empty.');
    return { fields: parsed.data, file };
  } catch (error) {
    if (file) await storage.remove(file.storageKey);
    // The first problem found is the one to report (a text file that is also too large: 415).
    throw refusal ?? refusalOf(error);
  }
}
