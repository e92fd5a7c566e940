import { lazyNamespace, type TextFunction } from '../../i18n/lazy-namespace';
import { analytics as ar } from '../../i18n/locales/ar/analytics';
import { analytics as de } from '../../i18n/locales/de/analytics';
import { analytics as en } from '../../i18n/locales/en/analytics';
import { analytics as fr } from '../../i18n/locales/fr/analytics';

/** The control panel's texts (`analytics` namespace), loaded with its chunk. */
export const useAnalyticsText = lazyNamespace('analytics', { en, de, fr, ar });
export type AnalyticsText = TextFunction<typeof en>;
