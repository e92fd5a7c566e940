import type { ContactExportQuery, ContactSelection } from '@switchboard/contract';
import { useState } from 'react';
import { exportContacts, exportContactSelection } from '../api/export-contacts';
import { useContactsText } from '../contacts-text';
import { useContactsNotifications } from './use-contacts-notifications';

/**
 * Downloads the CSV of a filter, or of a selection in the filter's order, with its progress (the
 * buttons' spinner) and the outcome as a toast.
 */
export function useExportContacts(query: ContactExportQuery) {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const [exporting, setExporting] = useState(false);
  const run = async (exportCsv: () => Promise<void>) => {
    setExporting(true);
    try {
      await exportCsv();
      notify.success(t('export.done'));
    } catch (error) {
      notify.failure(error);
    } finally {
      setExporting(false);
    }
  };
  return {
    exporting,
    download: () => void run(() => exportContacts(query)),
    downloadSelection: (selection: ContactSelection) =>
      void run(() => exportContactSelection({ selection, sort: query.sort, order: query.order })),
  };
}
