import { lazyNamespace } from '../../i18n/lazy-namespace';
import { pages as ar } from '../../i18n/locales/ar/pages';
import { pages as de } from '../../i18n/locales/de/pages';
import { pages as en } from '../../i18n/locales/en/pages';
import { pages as fr } from '../../i18n/locales/fr/pages';

/** The texts of the home and "coming later" pages (`pages` namespace), loaded with their chunks. */
export const usePagesText = lazyNamespace('pages', { en, de, fr, ar });
