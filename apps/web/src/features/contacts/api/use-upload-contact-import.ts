import { useMutation } from '@tanstack/react-query';
import type { ContactImportUploadResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** Sends the CSV (multipart, part `file`); the server reads it back or refuses it (IMPORT_FILE_INVALID). */
export function uploadContactImport(file: File): Promise<ContactImportUploadResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<ContactImportUploadResponse>('/api/contacts/imports', { method: 'POST', body });
}

export function useUploadContactImport() {
  return useMutation({ mutationFn: uploadContactImport });
}
