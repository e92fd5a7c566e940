import type { ANALYTICS_EXPORTS } from '@switchboard/contract';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { rangeQuery, type RangeChoice } from '../lib/analytics-range';

export type AnalyticsExport = (typeof ANALYTICS_EXPORTS)[number];

/** One series of the range as the server's CSV file (`GET /api/analytics/export.csv`), with the access token. */
export async function exportAnalytics(series: AnalyticsExport, range: RangeChoice): Promise<void> {
  const { blob, fileName } = await apiFile(`/api/analytics/export.csv?series=${series}&${rangeQuery(range)}`);
  saveFile(blob, fileName ?? `analytics-${series}.csv`);
}
