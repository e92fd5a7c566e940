import { lazyNamespace, type TextFunction } from '../../i18n/lazy-namespace';
import { checkout as ar } from '../../i18n/locales/ar/checkout';
import { checkout as de } from '../../i18n/locales/de/checkout';
import { checkout as en } from '../../i18n/locales/en/checkout';
import { checkout as fr } from '../../i18n/locales/fr/checkout';

/** The pricing page's and the checkout's texts (`checkout` namespace), loaded with their chunks. */
export const useCheckoutText = lazyNamespace('checkout', { en, de, fr, ar });
export type CheckoutText = TextFunction<typeof en>;
