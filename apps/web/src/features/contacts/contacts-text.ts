import { lazyNamespace } from '../../i18n/lazy-namespace';
import { contacts as ar } from '../../i18n/locales/ar/contacts';
import { contacts as de } from '../../i18n/locales/de/contacts';
import { contacts as en } from '../../i18n/locales/en/contacts';
import { contacts as fr } from '../../i18n/locales/fr/contacts';

/** The contacts feature's texts (`contacts` namespace), loaded with its page's chunk. */
export const useContactsText = lazyNamespace('contacts', { en, de, fr, ar });

export type ContactsText = ReturnType<typeof useContactsText>;
