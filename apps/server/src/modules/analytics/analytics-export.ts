import { Readable, pipeline } from 'node:stream';
import type { AnalyticsRangeQuery } from '@switchboard/contract';
import { type ANALYTICS_EXPORTS } from '@switchboard/contract';
import { stringify } from 'csv-stringify';
import { localDate } from './analytics-range.js';
import type { AnalyticsService } from './analytics.service.js';

export type AnalyticsExport = (typeof ANALYTICS_EXPORTS)[number];
type Cell = string | number | null;

/** A series' rows, its header first. */
async function rowsOf(
  analytics: ExportSources,
  workspaceId: string,
  series: AnalyticsExport,
  query: AnalyticsRangeQuery,
) {
  switch (series) {
    case 'kpis': {
      const { kpis, range } = await analytics.overview(workspaceId, query);
      const rows: Cell[][] = Object.entries(kpis).map(([name, k]) => [name, k.value, k.previous, k.change]);
      return { range, rows: [['card', 'value', 'previous', 'change'], ...rows] };
    }
    case 'funnel': {
      const { funnel, range } = await analytics.overview(workspaceId, query);
      return { range, rows: [['stage', 'messages'], ...Object.entries(funnel)] };
    }
    case 'failures': {
      const { failureReasons, range } = await analytics.overview(workspaceId, query);
      return { range, rows: [['code', 'messages'], ...failureReasons.map((f) => [f.code, f.count])] };
    }
    case 'messages': {
      const { points, range } = await analytics.series(workspaceId, query);
      const rows = points.map((p) => [p.at, p.inbound, p.outbound, p.delivered, p.failed]);
      return { range, rows: [['at', 'inbound', 'outbound', 'delivered', 'failed'], ...rows] };
    }
    case 'networks': {
      const { networks, range } = await analytics.breakdown(workspaceId, query);
      const rows = networks.map((n) => [n.name, n.kind, n.inbound, n.outbound, n.sent, n.delivered, n.failed]);
      return { range, rows: [['network', 'kind', 'inbound', 'outbound', 'sent', 'delivered', 'failed'], ...rows] };
    }
    case 'campaigns': {
      const { campaigns, range } = await analytics.breakdown(workspaceId, query);
      const rows = campaigns.map((c) => [c.name, c.outbound, c.sent, c.delivered, c.failed]);
      return { range, rows: [['campaign', 'outbound', 'sent', 'delivered', 'failed'], ...rows] };
    }
  }
}

type ExportSources = Pick<AnalyticsService, 'overview' | 'series' | 'breakdown'>;

/**
 * One series of the control panel as CSV (`GET /api/analytics/export.csv`), streamed through
 * csv-stringify as the contacts' export is: a byte order mark, and cells starting with = + - @
 * tab or CR prefixed with an apostrophe (`escape_formulas`), so a network or campaign name is
 * shown by a spreadsheet, never run. Named after the series and the range's first day.
 */
export async function analyticsCsv(
  analytics: ExportSources,
  workspaceId: string,
  series: AnalyticsExport,
  query: AnalyticsRangeQuery,
): Promise<{ filename: string; csv: Readable }> {
  const { range, rows } = await rowsOf(analytics, workspaceId, series, query);
  const csv = stringify({ bom: true, escape_formulas: true });
  pipeline(Readable.from(rows), csv, () => {});
  const firstDay = localDate(new Date(range.from), range.timeZone).toString();
  return { filename: `analytics-${series}-${firstDay}.csv`, csv };
}
