import { lazyNamespace, type TextFunction } from '../../i18n/lazy-namespace';
import { developers as ar } from '../../i18n/locales/ar/developers';
import { developers as de } from '../../i18n/locales/de/developers';
import { developers as en } from '../../i18n/locales/en/developers';
import { developers as fr } from '../../i18n/locales/fr/developers';

/** The developer page's texts (`developers` namespace), loaded with its chunk. */
export const useDevelopersText = lazyNamespace('developers', { en, de, fr, ar });
export type DevelopersText = TextFunction<typeof en>;
