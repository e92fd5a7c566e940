import { lazyNamespace, type TextFunction } from '../../i18n/lazy-namespace';
import { account as ar } from '../../i18n/locales/ar/account';
import { account as de } from '../../i18n/locales/de/account';
import { account as en } from '../../i18n/locales/en/account';
import { account as fr } from '../../i18n/locales/fr/account';

/** The account pages' texts (`account` namespace), loaded with their chunks and the login's two-factor step. */
export const useAccountText = lazyNamespace('account', { en, de, fr, ar });
export type AccountText = TextFunction<typeof en>;
