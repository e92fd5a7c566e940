import { BILLING_CURRENCY } from '@switchboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr, isolateText } from '../../../lib/isolate';

/**
 * Amounts and dates of the pricing page and the checkout in the reader's language. The amounts
 * are the server's integer cents (the browser never computes a price). Days are UTC, as the
 * server's billing periods and the billing pages are. Each value is isolated so right-to-left text
 * keeps it in one piece: an amount left to right (Arabic's "‏71.10 US$" would otherwise show as
 * "$US 71.10"), a date or a percentage in its own direction.
 */
export function useCheckoutFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const currency = new Intl.NumberFormat(locale, { style: 'currency', currency: BILLING_CURRENCY });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const count = new Intl.NumberFormat(locale);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      money: (cents: number) => isolateLtr(currency.format(cents / 100)),
      percent: (whole: number) => isolateText(percent.format(whole / 100)),
      count: (value: number) => count.format(value),
      date: (iso: string) => isolateText(date.format(new Date(iso))),
    };
  }, [locale]);
}
