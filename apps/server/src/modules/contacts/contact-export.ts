import { Readable, pipeline } from 'node:stream';
import { CONTACT_EXPORT_COLUMNS, type ContactSelection } from '@switchboard/contract';
import { stringify } from 'csv-stringify';
import type { ContactFieldsRepository } from './contact-fields.repository.js';
import type { ContactListsRepository } from './contact-lists.repository.js';
import type { ContactPagesRepository } from './contact-pages.repository.js';
import type { ContactOrder } from './contact-query.js';
import type { ContactEntryRow } from './contact-view.js';

export interface ContactExportDeps {
  pages: ContactPagesRepository;
  lists: ContactListsRepository;
  fields: ContactFieldsRepository;
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : '');

/**
 * The selected contacts (a filter, minus exceptions, or ids ticked by hand) as CSV, streamed: pages of 1,000 are read as the client takes
 * the bytes, never the whole file in memory. Cells starting with = + - @ tab or CR get a leading
 * apostrophe (csv-stringify's `escape_formulas`), so a spreadsheet shows them instead of running
 * them; that includes the numbers' `+`, which spreadsheets would otherwise read as a sum.
 */
export function createContactExport(deps: ContactExportDeps) {
  return async function exportCsv(
    workspaceId: string,
    selection: ContactSelection,
    order: ContactOrder,
  ): Promise<Readable> {
    const [keys, lists] = await Promise.all([deps.fields.keys(workspaceId), deps.lists.list(workspaceId)]);
    const listNames = new Map(lists.map((list) => [list.id, list.name]));
    const record = (row: ContactEntryRow) => [
      row.phoneNumber,
      row.name ?? '',
      (row.tags ?? []).join(', '),
      (row.listIds ?? []).map((id) => listNames.get(id) ?? id).join(', '),
      row.timeZone ?? '',
      iso(row.optedOutAt),
      iso(row.createdAt),
      iso(row.lastMessageAt),
      ...keys.map((key) => row.customFields?.[key] ?? ''),
    ];
    async function* records() {
      yield [...CONTACT_EXPORT_COLUMNS, ...keys];
      for await (const batch of deps.pages.batches(workspaceId, selection, order))
        for (const row of batch) yield record(row);
    }
    // A UTF-8 byte order mark, so spreadsheets read names in any script.
    const csv = stringify({ bom: true, escape_formulas: true });
    pipeline(Readable.from(records()), csv, () => {});
    return csv;
  };
}
