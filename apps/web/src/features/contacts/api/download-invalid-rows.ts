import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** Downloads the import's invalid rows (line, reason, the row's cells) as the server's CSV. */
export async function downloadInvalidRows(id: string): Promise<void> {
  const { blob, fileName } = await apiFile(`/api/contacts/imports/${encodeURIComponent(id)}/invalid.csv`);
  saveFile(blob, fileName ?? 'invalid-rows.csv');
}
