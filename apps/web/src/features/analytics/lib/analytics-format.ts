import type { AnalyticsGranularity, CardName } from '@switchboard/contract';
import { kFormat } from '../../../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock parts of an instant in a time zone (24-hour clock). */
function partsIn(instant: string | number | Date, timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** Spec §9's MM/DD/YYYY hh:mm (24-hour) in the workspace's time zone; '' for an invalid instant. */
export function formatDateTimeIn(instant: string | number | Date, timeZone: string): string {
  if (Number.isNaN(new Date(instant).getTime())) return '';
  const p = partsIn(instant, timeZone);
  return `${pad(p.month)}/${pad(p.day)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** Spec §9's MM/DD/YYYY in the workspace's time zone. */
export function formatDateIn(instant: string | number | Date, timeZone: string): string {
  return formatDateTimeIn(instant, timeZone).slice(0, 10);
}

/** A chart point's full label: the day (MM/DD/YYYY) or the hour (MM/DD/YYYY hh:mm). */
export function pointLabel(at: string, granularity: AnalyticsGranularity, timeZone: string): string {
  return granularity === 'day' ? formatDateIn(at, timeZone) : formatDateTimeIn(at, timeZone);
}

/** A chart axis tick: MM/DD for days, hh:mm for hours (the tooltip shows the whole date). */
export function tickLabel(label: string, granularity: AnalyticsGranularity): string {
  return granularity === 'day' ? label.slice(0, 5) : label.slice(11);
}

/** Cards whose figure is better when it goes down. */
const LOWER_IS_BETTER: ReadonlySet<CardName> = new Set(['messages-failed', 'opt-outs', 'response-time']);

export type ChangeTone = 'good' | 'bad' | 'flat';

/** Whether a card's change is good news (green), bad news (red) or none (no change or unknown). */
export function changeTone(name: CardName, change: number | null): ChangeTone {
  if (change === null || change === 0) return 'flat';
  const up = change > 0;
  return up !== LOWER_IS_BETTER.has(name) ? 'good' : 'bad';
}

/** A change against the previous period as a signed percentage ("+12.5%", "-3%", "0%"). */
export function formatChange(change: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(change);
}

/** A duration in seconds in the largest fitting unit: "45 sec", "12.5 min", "3.2 hr", "2.1 days". */
export function formatDuration(seconds: number, locale = 'en'): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
      value,
    );
  if (seconds < 60) return unit(Math.round(seconds), 'second');
  if (seconds < 3600) return unit(seconds / 60, 'minute');
  if (seconds < 86_400) return unit(seconds / 3600, 'hour');
  return unit(seconds / 86_400, 'day');
}

/** A rate of 0..1 as a percentage with one decimal ("97.5%"). */
export function formatRate(rate: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A card's figure: counts in k-format over 999 (spec §9), the delivery rate in %, the response time as a duration. */
export function formatCardValue(name: CardName, value: number | null, locale = 'en'): string {
  if (value === null) return '—';
  if (name === 'delivery-rate') return formatRate(value, locale);
  if (name === 'response-time') return formatDuration(value, locale);
  return kFormat(value, locale);
}
