import {
  MAX_CONTACT_TAGS,
  MAX_CUSTOM_FIELD_VALUE_LENGTH,
  MAX_TAG_LENGTH,
  type InvalidImportRow,
} from '@switchboard/contract';
import { isolateText } from '../../../lib/isolate';
import type { ImportText } from '../import-text';

const LIMITS = {
  nameTooLong: 100,
  fieldTooLong: MAX_CUSTOM_FIELD_VALUE_LENGTH,
  tagTooLong: MAX_TAG_LENGTH,
  tooManyTags: MAX_CONTACT_TAGS,
} as const;

/**
 * Why a row was not imported, in the user's language: by the server's code, with the value kept
 * in one piece inside right-to-left text; the server's English reason for a code we do not know.
 */
export function invalidRowText(row: InvalidImportRow, t: ImportText): string {
  if (!row.problem) return row.reason;
  const max = LIMITS[row.problem as keyof typeof LIMITS];
  return t(`run.reasons.${row.problem}`, {
    value: isolateText(row.value ?? ''),
    ...(max === undefined ? {} : { max }),
  });
}

/** A cell as it reads: numbers and other cells without letters stay left to right in Arabic too. */
export const cellDirection = (cell: string): 'auto' | 'ltr' => (/\p{L}/u.test(cell) ? 'auto' : 'ltr');
