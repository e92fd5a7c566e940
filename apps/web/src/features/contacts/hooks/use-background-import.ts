import type { ContactImport } from '@switchboard/contract';
import { useState } from 'react';
import { fetchContactImport } from '../api/use-contact-import';
import { isolateText } from '../../../lib/isolate';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { useContactsText } from '../contacts-text';
import { useContactsNotifications } from './use-contacts-notifications';

const ended = (state: ContactImport['state']) => state !== 'running' && state !== 'uploaded';

/**
 * An import whose dialog was closed while it ran: when it ends, a toast says how it went (the
 * book itself refreshes on contacts.changed). After a reconnect it is asked for, in case its end
 * was missed meanwhile.
 */
export function useBackgroundImport() {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const [id, setId] = useState<string | null>(null);

  const announce = (report: ContactImport) => {
    if (report.id !== id || !ended(report.state)) return;
    setId(null);
    const file = isolateText(report.fileName);
    if (report.state === 'completed')
      notify.success(
        t('importDone.finished', {
          file,
          created: report.created.toLocaleString(),
          updated: report.updated.toLocaleString(),
          invalid: report.invalid.toLocaleString(),
        }),
      );
    // Worded like a failed call: the red toast, under the feature's error title.
    else notify.failure({ error: t('importDone.stopped', { file }) });
  };

  useWorkspaceEvents(
    { 'contact-import.progress': ({ import: report }) => announce(report) },
    { onReconnect: () => void (id && fetchContactImport(id).then(announce, () => undefined)) },
  );
  /** The dialog closed; `runningId` is the import it left running, if any. */
  return { follow: setId };
}
