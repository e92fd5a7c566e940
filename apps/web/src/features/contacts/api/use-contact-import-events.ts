import { useQueryClient } from '@tanstack/react-query';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { contactKeys } from './contact-keys';

/**
 * While the import dialog is open: contact-import.progress becomes the import's cached state (its
 * progress bar and report). The contact book's own hook refreshes the lists when it ends.
 */
export function useContactImportEvents() {
  const queryClient = useQueryClient();
  useWorkspaceEvents(
    {
      'contact-import.progress': ({ import: progress }) =>
        queryClient.setQueryData(contactKeys.import(progress.id), progress),
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: [...contactKeys.all, 'imports'] }) },
  );
}
