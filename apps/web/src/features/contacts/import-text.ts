import { lazyNamespace } from '../../i18n/lazy-namespace';
import { contactImport as ar } from '../../i18n/locales/ar/contact-import';
import { contactImport as de } from '../../i18n/locales/de/contact-import';
import { contactImport as en } from '../../i18n/locales/en/contact-import';
import { contactImport as fr } from '../../i18n/locales/fr/contact-import';

/** The CSV import dialog's texts (`contactImport` namespace), loaded with the dialog's chunk. */
export const useImportText = lazyNamespace('contactImport', { en, de, fr, ar });

export type ImportText = ReturnType<typeof useImportText>;
