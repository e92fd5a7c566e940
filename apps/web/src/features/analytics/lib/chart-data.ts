import type { AnalyticsBreakdown, AnalyticsSeries } from '@switchboard/contract';
import { pointLabel } from './analytics-format';

export interface SeriesRow {
  /** MM/DD/YYYY (days) or MM/DD/YYYY hh:mm (hours), in the workspace's time zone. */
  label: string;
  inbound: number;
  outbound: number;
  delivered: number;
  failed: number;
}

/** The series' points as chart rows, labelled in the workspace's time zone. */
export function seriesRows(series: AnalyticsSeries): SeriesRow[] {
  const { granularity, timeZone } = series.range;
  return series.points.map(({ at, inbound, outbound, delivered, failed }) => ({
    label: pointLabel(at, granularity, timeZone),
    inbound,
    outbound,
    delivered,
    failed,
  }));
}

/** Whether a series has any message at all (an empty chart says so instead). */
export function hasMessages(series: AnalyticsSeries): boolean {
  return series.points.some((point) => point.inbound + point.outbound > 0);
}

export interface CampaignRow {
  name: string;
  delivered: number;
  failed: number;
  /** Outbound neither delivered nor failed yet: queued, sending or sent without a report. */
  pending: number;
}

/** The campaigns of the range as stacked bars: delivered, failed, and the rest still on their way. */
export function campaignRows(breakdown: AnalyticsBreakdown): CampaignRow[] {
  return breakdown.campaigns.map(({ name, outbound, delivered, failed }) => ({
    name,
    delivered,
    failed,
    pending: Math.max(0, outbound - delivered - failed),
  }));
}

/** The networks of the range that have any message in or out. */
export function activeNetworks(breakdown: AnalyticsBreakdown): AnalyticsBreakdown['networks'] {
  return breakdown.networks.filter((network) => network.inbound + network.outbound > 0);
}
