import { lazyNamespace } from '../../i18n/lazy-namespace';
import { downloads as ar } from '../../i18n/locales/ar/downloads';
import { downloads as de } from '../../i18n/locales/de/downloads';
import { downloads as en } from '../../i18n/locales/en/downloads';
import { downloads as fr } from '../../i18n/locales/fr/downloads';

/** The downloads page's texts (`downloads` namespace), loaded with its chunk. */
export const useDownloadsText = lazyNamespace('downloads', { en, de, fr, ar });
