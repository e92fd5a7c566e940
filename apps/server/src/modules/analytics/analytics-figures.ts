import type { CardName, Kpi } from '@switchboard/contract';

/**
 * The control panel's arithmetic, pure (unit-tested in test/lib/analytics-figures.test.ts): roll-up
 * cells summed into tallies, the card definitions of the contract (analytics.ts `CARD_NAMES`), and
 * changes against the previous period.
 */

/** What a roll-up cell says. */
export interface Cell {
  direction: 'in' | 'out';
  state: string;
  origin: string;
  messages: number;
}

/** Messages of one bucket or period. */
export interface Tally {
  inbound: number;
  /** Outbound created, any state. */
  outbound: number;
  /** Outbound that reached the network: sent or delivered. */
  sent: number;
  delivered: number;
  failed: number;
  /** Outbound written by a person in the inbox. */
  replies: number;
  autoReplies: number;
}

/** The figures that do not come from the roll-up. */
export interface SideFigures {
  optOuts: number;
  voiceMessages: number;
  campaignsSent: number;
  /** Median seconds to the first reply; null without replies. */
  responseTime: number | null;
}

export type Figures = Tally & SideFigures;

export const emptyTally = (): Tally => ({
  inbound: 0,
  outbound: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  replies: 0,
  autoReplies: 0,
});

export function addCell(tally: Tally, cell: Cell): Tally {
  const n = cell.messages;
  if (cell.direction === 'in') {
    tally.inbound += n;
    return tally;
  }
  tally.outbound += n;
  if (cell.state === 'sent' || cell.state === 'delivered') tally.sent += n;
  if (cell.state === 'delivered') tally.delivered += n;
  if (cell.state === 'failed') tally.failed += n;
  if (cell.origin === 'reply') tally.replies += n;
  if (cell.origin === 'auto-reply') tally.autoReplies += n;
  return tally;
}

/** One tally per bucket (`count` buckets, numbered 1…count as `width_bucket` does); others ignored. */
export function talliesByBucket(cells: ReadonlyArray<Cell & { bucket: number }>, count: number): Tally[] {
  const tallies = Array.from({ length: count }, emptyTally);
  for (const cell of cells) {
    const tally = tallies[cell.bucket - 1];
    if (tally) addCell(tally, cell);
  }
  return tallies;
}

/** One value per bucket from `(bucket, value)` rows; buckets without a row get `empty`. */
export function valuesByBucket<E extends number | null>(
  rows: ReadonlyArray<{ bucket: number; value: number | null }>,
  count: number,
  empty: E,
): Array<number | E> {
  const values: Array<number | E> = Array.from({ length: count }, () => empty);
  for (const row of rows) {
    if (row.bucket >= 1 && row.bucket <= count && row.value !== null) values[row.bucket - 1] = Number(row.value);
  }
  return values;
}

/** delivered / (delivered + failed), null when neither happened. */
export const deliveryRate = (t: Pick<Tally, 'delivered' | 'failed'>): number | null =>
  t.delivered + t.failed === 0 ? null : t.delivered / (t.delivered + t.failed);

/** A card's figure, as the contract defines it. */
export function cardValue(name: CardName, f: Figures): number | null {
  switch (name) {
    case 'messages-sent':
      return f.sent;
    case 'messages-delivered':
      return f.delivered;
    case 'delivery-rate':
      return deliveryRate(f);
    case 'messages-failed':
      return f.failed;
    case 'messages-received':
      return f.inbound;
    case 'replies':
      return f.replies;
    case 'response-time':
      return f.responseTime;
    case 'opt-outs':
      return f.optOuts;
    case 'auto-replies':
      return f.autoReplies;
    case 'voice-messages':
      return f.voiceMessages;
    case 'campaigns-sent':
      return f.campaignsSent;
  }
}

/** (value − previous) / previous; null when either is null or previous is 0. */
export function changeRatio(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return (value - previous) / previous;
}

export const kpiOf = (value: number | null, previous: number | null): Kpi => ({
  value,
  previous,
  change: changeRatio(value, previous),
});
