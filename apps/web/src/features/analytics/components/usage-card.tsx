import { UsageBar } from '../../usage/public';
import { useAnalyticsText } from '../analytics-text';
import { useAnalyticsOverview } from '../api/use-analytics-overview';
import type { RangeChoice } from '../lib/analytics-range';
import { Panel } from './panel';

/** This month's segments against the plan's quota (the month's, whatever the range). */
export function UsageCard({ range }: { range: RangeChoice }) {
  const t = useAnalyticsText();
  const query = useAnalyticsOverview(range);
  return (
    <Panel title={t('usage.title')} query={query} testId="analytics-usage">
      {({ usage }) => <UsageBar usage={usage} />}
    </Panel>
  );
}
