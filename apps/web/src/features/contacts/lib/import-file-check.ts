import { MAX_IMPORT_FILE_BYTES, type ImportFileProblem } from '@switchboard/contract';
import { ApiError } from '../../../lib/api-client';

export const MAX_IMPORT_MB = MAX_IMPORT_FILE_BYTES / 1024 / 1024;

/** Why a picked file is not sent at all: too large, or plainly not a text file. */
export function checkPickedFile(file: File): 'tooLarge' | 'notCsv' | null {
  if (file.size > MAX_IMPORT_FILE_BYTES) return 'tooLarge';
  const textual = /\.(csv|tsv|txt)$/i.test(file.name) || file.type.startsWith('text/') || file.type === '';
  return textual ? null : 'notCsv';
}

/** The server's reason for refusing an upload (IMPORT_FILE_INVALID), when it said which. */
export function refusalOf(error: unknown): { problem: ImportFileProblem; line?: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'IMPORT_FILE_INVALID') return null;
  return error.importFile ?? null;
}
