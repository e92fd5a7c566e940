import { BILLING_CURRENCY, type BillingPeriod } from '@switchboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr, isolateText } from '../../../lib/isolate';
import { useBillingText } from '../billing-text';

export interface BillingFormat {
  /** Integer cents as the user's language writes dollars ("$1,234.56", "١٬٢٣٤٫٥٦ US$"). */
  money: (cents: number) => string;
  /** A day of a billing period or an invoice. */
  date: (iso: string) => string;
  /** A day and time (payments, changes). */
  dateTime: (iso: string) => string;
  /** "12 months" in the user's language. */
  period: (months: BillingPeriod) => string;
  /** A tax rate in percent (10 → "10%"). */
  percent: (value: number) => string;
}

/**
 * Amounts and dates of the billing pages, formatted with Intl in the user's language. Billing
 * periods are whole UTC days on the server (and on its PDF), so days are shown in UTC too: the
 * page and the PDF never disagree on a date. Each value is isolated so that right-to-left text keeps
 * it in one piece: an amount left to right (Arabic's "‏-94.80 US$" would otherwise show as
 * "$-94.80 US"), a date in its own direction (Arabic writes its day first, right to left).
 */
export function useBillingFormat(): BillingFormat {
  const { i18n } = useTranslation();
  const t = useBillingText();
  const locale = i18n.language;
  return useMemo(() => {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: BILLING_CURRENCY });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const dayTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    return {
      money: (cents) => isolateLtr(money.format(cents / 100)),
      date: (iso) => isolateText(day.format(new Date(iso))),
      dateTime: (iso) => isolateText(dayTime.format(new Date(iso))),
      period: (months) => t(`periods.${months}`, { n: number.format(months) }),
      percent: (value) => isolateText(percent.format(value / 100)),
    };
  }, [locale, t]);
}
