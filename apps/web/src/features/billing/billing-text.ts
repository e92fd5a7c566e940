import { lazyNamespace, type TextFunction } from '../../i18n/lazy-namespace';
import { billing as ar } from '../../i18n/locales/ar/billing';
import { billing as de } from '../../i18n/locales/de/billing';
import { billing as en } from '../../i18n/locales/en/billing';
import { billing as fr } from '../../i18n/locales/fr/billing';

/** The billing and invoice pages' texts (`billing` namespace), loaded with their chunks. */
export const useBillingText = lazyNamespace('billing', { en, de, fr, ar });
export type BillingText = TextFunction<typeof en>;
