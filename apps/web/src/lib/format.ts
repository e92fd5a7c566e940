/**
 * Spec §9 display helpers.
 * kFormat: numbers above 999 as thousands with one decimal ("1.5k"); below that as they are.
 */
export function kFormat(value: number, locale = 'en'): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (Math.abs(value) > 999) return `${number.format(Math.round(value / 100) / 10)}k`;
  return number.format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec date format MM/DD/YYYY hh:mm (24-hour), in the browser's time zone. */
export function formatDateTime(input: Date | string | number): string {
  const d = new Date(input);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
