import type { Readable } from 'node:stream';
import type { ImportColumnTarget, ImportDelimiter } from '@switchboard/contract';
import { readRows } from './import-file.js';
import { readImportRow, type ImportedContact, type RowOptions, type RowRefusal } from './import-mapping.js';

/** Rows per batch: large enough that a commit's cost fades, small enough to cancel within a second. */
export const IMPORT_BATCH_ROWS = 2000;

/** What reading a stored file into batches needs: the file's delimiter and the start's options. */
export interface ImportReadOptions extends RowOptions {
  delimiter: ImportDelimiter;
  mapping: ImportColumnTarget[];
}

/** A batch's new numbers, as the batch statement takes them (one JSON parameter). */
export interface EncodedContacts {
  count: number;
  json: string;
}

export const encodeContacts = (contacts: ImportedContact[]): EncodedContacts => ({
  count: contacts.length,
  json: JSON.stringify(contacts),
});

export interface InvalidImportRow {
  line: number;
  cells: string[];
  refusal: RowRefusal;
}

/** Up to IMPORT_BATCH_ROWS rows of the file, read through the mapping. */
export interface ImportBatch {
  /** Rows of the file this batch stands for: valid, invalid and repeated. */
  read: number;
  /** Its valid rows whose number the file has not had before. */
  contacts: EncodedContacts;
  /** Rows whose number came earlier in the file. */
  duplicates: number;
  invalid: InvalidImportRow[];
}

/**
 * The file's rows in batches, each row read through the mapping (pure JavaScript: parse, phone
 * numbers, JSON). A number met again later in the file is a duplicate. The last batch may be
 * empty: the job still records it as the end.
 */
export async function* readImportBatches(
  source: Readable,
  options: ImportReadOptions,
  batchRows = IMPORT_BATCH_ROWS,
): AsyncGenerator<ImportBatch> {
  const seen = new Set<string>();
  let contacts: ImportedContact[] = [];
  let batch = { read: 0, duplicates: 0, invalid: [] as InvalidImportRow[] };
  const take = (): ImportBatch => {
    const full = { ...batch, contacts: encodeContacts(contacts) };
    contacts = [];
    batch = { read: 0, duplicates: 0, invalid: [] };
    return full;
  };
  for await (const { line, cells } of readRows(source, options.delimiter, () => {})) {
    batch.read++;
    const contact = readImportRow(cells, options.mapping, options);
    if ('reason' in contact) batch.invalid.push({ line, cells, refusal: contact });
    else if (seen.has(contact.phoneNumber)) batch.duplicates++;
    else {
      seen.add(contact.phoneNumber);
      contacts.push(contact);
    }
    if (batch.read >= batchRows) yield take();
  }
  yield take();
}
