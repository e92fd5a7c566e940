/**
 * How amounts and dates read on the PDF: en-US, whatever the buyer's language (the web's invoice
 * page formats per locale itself). Amounts are integer cents, dates are shown as UTC calendar days.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 123456 → "$1,234.56"; -20000 → "-$200.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** An ISO-like calendar day, "2026-11-27" (UTC). */
export function formatDay(iso: string | Date): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** 0 → "0%", 19 → "19%", 7.5 → "7.5%". */
export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value)}%`;
}
