import type { ContactExportQuery } from '@switchboard/contract';
import { useState } from 'react';
import { exportContacts } from '../api/export-contacts';
import { useContactsText } from '../contacts-text';
import { useContactsNotifications } from './use-contacts-notifications';

/** Downloads the CSV of a filter, with its progress (the button's spinner) and the outcome as a toast. */
export function useExportContacts(query: ContactExportQuery) {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await exportContacts(query);
      notify.success(t('export.done'));
    } catch (error) {
      notify.failure(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, download: () => void download() };
}
