import type { ContactExportBody, ContactExportQuery } from '@switchboard/contract';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { queryString } from '../lib/contact-filters';

/** Downloads every contact matching the filter, in the list's order, as the server's CSV file. */
export async function exportContacts(query: ContactExportQuery): Promise<void> {
  const { blob, fileName } = await apiFile(`/api/contacts/export?${queryString(query)}`);
  saveFile(blob, fileName ?? 'contacts.csv');
}

/** Downloads the selected contacts (rows ticked by hand, or a filter minus the unticked ones). */
export async function exportContactSelection(body: ContactExportBody): Promise<void> {
  const { blob, fileName } = await apiFile('/api/contacts/export', { method: 'POST', body });
  saveFile(blob, fileName ?? 'contacts.csv');
}
