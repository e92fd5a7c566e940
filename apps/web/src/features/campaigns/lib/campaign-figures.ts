import type { CampaignCounts, CampaignState } from '@switchboard/contract';

/** Messages that left (accepted by a network, delivered or failed after trying). */
export function attempted(counts: CampaignCounts): number {
  return counts.sent + counts.delivered + counts.failed;
}

/** Delivered of those that left, 0–1; null before any left. */
export function deliveryRate(counts: CampaignCounts): number | null {
  const total = attempted(counts);
  return total === 0 ? null : counts.delivered / total;
}

/** Recipients who opted out after their message, 0–1; null without recipients. */
export function optOutRate(counts: CampaignCounts): number | null {
  return counts.recipients === 0 ? null : counts.optedOut / counts.recipients;
}

/** Messages done (sent, delivered, failed or cancelled) of all recipients, 0–100. */
export function progressPercent(counts: CampaignCounts): number {
  if (counts.recipients === 0) return 0;
  return Math.min(100, ((attempted(counts) + counts.cancelled) / counts.recipients) * 100);
}

export function formatPercent(share: number | null, locale: string): string {
  if (share === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A duration as its two largest units, e.g. "1 hr, 5 min" or "42 sec", in the reader's language. */
export function formatDuration(seconds: number, locale: string): string {
  const total = Math.max(0, Math.round(seconds));
  const units: Array<[Intl.NumberFormatOptions['unit'], number]> = [
    ['day', Math.floor(total / 86_400)],
    ['hour', Math.floor((total % 86_400) / 3600)],
    ['minute', Math.floor((total % 3600) / 60)],
    ['second', total % 60],
  ];
  const shown = units.filter(([, n]) => n > 0).slice(0, 2);
  const parts = (shown.length ? shown : [units[3]!]).map(([unit, n]) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n),
  );
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
}

/** States in which messages wait to be sent and the counts move (an ETA makes sense). */
export function isLive(state: CampaignState): boolean {
  return state === 'sending' || state === 'paused';
}
