import { useQueryClient } from '@tanstack/react-query';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { contactKeys } from './contact-keys';
import { applyContactEvent, refreshContactBook } from './contacts-cache';

/**
 * Keeps the contact book's rows live while the page is open: `contact.updated` (a STOP text, a
 * name given in the inbox) changes the row and the open drawer; `contacts.changed` (a bulk action
 * or an import, from this tab or another) starts the lists again from their first page, as does a
 * reconnect; when the page is left its cache is marked stale.
 */
export function useContactEvents() {
  const queryClient = useQueryClient();
  useWorkspaceEvents(
    {
      'contact.updated': ({ contact }) => applyContactEvent(queryClient, contact),
      'contacts.changed': () => void refreshContactBook(queryClient),
    },
    {
      onReconnect: () => void refreshContactBook(queryClient),
      staleOnLeave: contactKeys.all,
    },
  );
}
