import type { ContactExportQuery } from '@switchboard/contract';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { queryString } from '../lib/contact-filters';

/** Downloads every contact matching the filter, in the list's order, as the server's CSV file. */
export async function exportContacts(query: ContactExportQuery): Promise<void> {
  const { blob, fileName } = await apiFile(`/api/contacts/export?${queryString(query)}`);
  saveFile(blob, fileName ?? 'contacts.csv');
}
