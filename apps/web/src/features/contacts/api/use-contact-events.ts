import { useQueryClient } from '@tanstack/react-query';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { contactKeys } from './contact-keys';
import { applyContactEvent } from './contacts-cache';

/**
 * Keeps the contact book's rows live while the page is open: `contact.updated` (a STOP text, a
 * name given in the inbox) changes the row and the open drawer. After a reconnect everything is
 * fetched again; when the page is left its cache is marked stale.
 */
export function useContactEvents() {
  const queryClient = useQueryClient();
  useWorkspaceEvents(
    { 'contact.updated': ({ contact }) => applyContactEvent(queryClient, contact) },
    {
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: contactKeys.all }),
      staleOnLeave: contactKeys.all,
    },
  );
}
