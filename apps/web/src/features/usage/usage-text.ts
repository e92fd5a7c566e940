import { lazyNamespace } from '../../i18n/lazy-namespace';
import { usage as ar } from '../../i18n/locales/ar/usage';
import { usage as de } from '../../i18n/locales/de/usage';
import { usage as en } from '../../i18n/locales/en/usage';
import { usage as fr } from '../../i18n/locales/fr/usage';

/** The plans' and the quota's texts (`usage` namespace), loaded with the chunk that shows them. */
export const useUsageText = lazyNamespace('usage', { en, de, fr, ar });
