import type { ConsentEvent } from '@switchboard/contract';
import type { ContactsText } from '../contacts-text';

/** Where an opt-out or opt-in came from, in the user's language. */
export function consentSourceText(event: ConsentEvent, t: ContactsText): string {
  switch (event.source) {
    case 'keyword':
      return event.optedOut ? t('consent.sources.keywordOut') : t('consent.sources.keywordIn');
    case 'import':
      return t('consent.sources.import');
    case 'admin':
      return event.userName ? t('consent.sources.admin', { name: event.userName }) : t('consent.sources.adminUnknown');
    case 'api':
      return t('consent.sources.api');
  }
}
