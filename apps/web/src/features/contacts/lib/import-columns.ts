import {
  CustomFieldKeySchema,
  MAX_CUSTOM_FIELDS,
  RESERVED_FIELD_KEYS,
  type ContactImportUploadResponse,
  type ImportColumnTarget,
  type ImportMapping,
} from '@switchboard/contract';

/** What a column becomes in the dialog: a contract target, or a custom field still to be made. */
export type ColumnChoice = ImportColumnTarget | 'newField';

export interface ImportColumn {
  /** The header cell. */
  name: string;
  choice: ColumnChoice;
  /** The key typed for a new custom field (`choice` is `newField`). */
  newKey: string;
}

export type ColumnProblem =
  { kind: 'keyInvalid' } | { kind: 'keyReserved'; key: string } | { kind: 'keyTwice'; key: string };

export interface ColumnProblems {
  /** What stops the whole mapping: no number, two numbers, too many custom fields. */
  mapping: 'needNumber' | 'oneNumber' | 'tooManyFields' | null;
  /** A new field's key that cannot be made, by column index. */
  columns: Map<number, ColumnProblem>;
}

/** A header cell as a custom field key: `Customer ID` → `customer_id` (empty when nothing is left). */
export function keyFromHeader(header: string): string {
  const slug = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!slug) return '';
  return (/^[a-z]/.test(slug) ? slug : `field_${slug}`).slice(0, 32).replace(/_+$/, '');
}

/**
 * The dialog's columns from the upload: the mapping remembered from the last import when the
 * server matched one to this header, else its guess; a custom field that is gone is ignored.
 */
export function initialColumns(upload: ContactImportUploadResponse, fieldKeys: readonly string[]): ImportColumn[] {
  const mapping = upload.rememberedMapping ?? upload.suggestedMapping;
  return upload.import.header.map((name, index) => {
    const target = mapping[index] ?? 'ignore';
    const known = !target.startsWith('field:') || fieldKeys.includes(target.slice(6));
    return { name, choice: known ? target : 'ignore', newKey: keyFromHeader(name) };
  });
}

/**
 * The keys of the custom fields the import has to make first, in column order, once each (a key
 * the workspace has already is simply that field).
 */
export function newFieldKeys(columns: readonly ImportColumn[], fieldKeys: readonly string[]): string[] {
  const keys = columns.filter((c) => c.choice === 'newField').map((c) => c.newKey.trim());
  return [...new Set(keys)].filter((key) => !fieldKeys.includes(key));
}

/** Why the columns cannot be imported as they are (nothing when they can). */
export function columnProblems(columns: readonly ImportColumn[], fieldKeys: readonly string[]): ColumnProblems {
  const numbers = columns.filter((c) => c.choice === 'number').length;
  const problems: ColumnProblems = {
    mapping: numbers === 0 ? 'needNumber' : numbers > 1 ? 'oneNumber' : null,
    columns: new Map(),
  };
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    if (column.choice !== 'newField') return;
    const key = column.newKey.trim();
    if ((RESERVED_FIELD_KEYS as readonly string[]).includes(key))
      problems.columns.set(index, { kind: 'keyReserved', key });
    else if (!CustomFieldKeySchema.safeParse(key).success) problems.columns.set(index, { kind: 'keyInvalid' });
    else if (seen.has(key)) problems.columns.set(index, { kind: 'keyTwice', key });
    seen.add(key);
  });
  if (!problems.mapping && fieldKeys.length + newFieldKeys(columns, fieldKeys).length > MAX_CUSTOM_FIELDS)
    problems.mapping = 'tooManyFields';
  return problems;
}

export const hasProblems = (problems: ColumnProblems) => problems.mapping !== null || problems.columns.size > 0;

/** The start's mapping: a new custom field becomes `field:<key>` (made before the start). */
export function toMapping(columns: readonly ImportColumn[]): ImportMapping {
  return columns.map((c) => (c.choice === 'newField' ? (`field:${c.newKey.trim()}` as const) : c.choice));
}
