import type { ContactFilter } from '@switchboard/contract';
import { useState } from 'react';
import { useBulkContacts, type BulkAction } from '../api/use-bulk-contacts';
import type { BulkKind } from '../components/selection-bar';
import { useContactsText } from '../contacts-text';
import { toBulkSelections, type Selection } from '../lib/selection';
import { useContactsNotifications } from './use-contacts-notifications';

/**
 * The bulk action being asked about (its dialog) and running it on the selection: by the
 * filter when "all matching" is selected, else by the ticked ids. Done, the selection clears.
 */
export function useBulkAction(selection: Selection, filter: ContactFilter, onDone: () => void) {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const bulk = useBulkContacts();
  const [kind, setKind] = useState<BulkKind | null>(null);

  const run = (action: BulkAction) =>
    bulk.mutate(
      { action, selections: toBulkSelections(selection, filter) },
      {
        onSuccess: ({ affected, skipped }) => {
          setKind(null);
          onDone();
          const n = affected.toLocaleString();
          if (action.action !== 'delete') notify.success(t('bulk.done', { n }));
          else if (skipped) notify.success(t('bulk.deletedSome', { n, skipped: skipped.toLocaleString() }));
          else notify.success(t('bulk.deleted', { n }));
        },
        onError: (error) => {
          setKind(null);
          notify.failure(error);
        },
      },
    );

  return { kind, ask: setKind, close: () => setKind(null), run, pending: bulk.isPending };
}
