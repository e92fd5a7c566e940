import { useQueryClient } from '@tanstack/react-query';
import type {
  ContactImport,
  ContactImportResponse,
  ContactImportUploadResponse,
  ContactListResponse,
} from '@switchboard/contract';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { campaignKeys } from './campaign-keys';

export type AudienceCsvState =
  | { step: 'idle' }
  | { step: 'uploading' }
  | { step: 'noNumberColumn' }
  | { step: 'importing'; listName: string; import: ContactImport }
  | { step: 'failed'; error: unknown };

/**
 * "Upload a CSV for this campaign": the contact import API with the column mapping it suggests
 * (or the one of the workspace's last campaign upload) into a new
 * list named after the campaign (`update`: contacts already in the book join it too, with the
 * file's non-empty values); the list joins the audience as soon as the import starts and
 * its progress follows `contact-import.progress`.
 */
export function useAudienceCsv(campaignName: string, onList: (listId: string) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AudienceCsvState>({ step: 'idle' });
  const importId = state.step === 'importing' ? state.import.id : null;

  useWorkspaceEvents(
    {
      'contact-import.progress': ({ import: progress }) => {
        if (progress.id !== importId) return;
        setState((old) => (old.step === 'importing' ? { ...old, import: progress } : old));
        if (progress.state !== 'running')
          void queryClient.invalidateQueries({ queryKey: campaignKeys.audienceSources() });
      },
    },
    {
      onReconnect: () => {
        if (!importId) return;
        void api<ContactImportResponse>(`/api/contacts/imports/${importId}`).then(({ import: progress }) =>
          setState((old) => (old.step === 'importing' ? { ...old, import: progress } : old)),
        );
      },
    },
  );

  const upload = async (file: File) => {
    setState({ step: 'uploading' });
    try {
      const form = new FormData();
      form.append('file', file);
      // Its own remembered mapping: a campaign's files need not look like the contact book's imports.
      const uploaded = await api<ContactImportUploadResponse>('/api/contacts/imports?purpose=campaign', {
        method: 'POST',
        body: form,
      });
      const remembered = uploaded.rememberedMapping;
      const mapping = remembered?.includes('number') ? remembered : uploaded.suggestedMapping;
      if (!mapping.includes('number')) {
        setState({ step: 'noNumberColumn' });
        return;
      }
      // Named after the campaign, with the time so a second upload gets a list of its own.
      const listName = `${campaignName.slice(0, 80)} · ${formatDateTime(new Date())}`;
      const { list } = await api<ContactListResponse>('/api/contact-lists', {
        method: 'POST',
        body: { name: listName },
      });
      const started = await api<ContactImportResponse>(`/api/contacts/imports/${uploaded.import.id}/start`, {
        method: 'POST',
        body: { mapping, mode: 'update', listId: list.id },
      });
      onList(list.id);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.audienceSources() });
      setState({ step: 'importing', listName, import: started.import });
    } catch (error) {
      setState({ step: 'failed', error });
    }
  };

  return { state, upload: (file: File) => void upload(file) };
}
