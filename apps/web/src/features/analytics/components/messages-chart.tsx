import { AreaChart } from '@mantine/charts';
import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kFormat } from '../../../lib/format';
import { useAnalyticsText } from '../analytics-text';
import { useAnalyticsSeries } from '../api/use-analytics-series';
import { formatDateIn, tickLabel } from '../lib/analytics-format';
import type { RangeChoice } from '../lib/analytics-range';
import { hasMessages, seriesRows } from '../lib/chart-data';
import classes from './analytics.module.css';
import { ExportButton } from './export-button';
import { Panel } from './panel';

/** Messages received, sent, delivered and failed per hour (ranges up to 2 days) or per day. */
export function MessagesChart({ range }: { range: RangeChoice }) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const query = useAnalyticsSeries(range);
  const granularity = query.data?.range.granularity ?? 'day';
  return (
    <Panel
      title={t('messages.title')}
      query={query}
      empty={(series) => (hasMessages(series) ? null : t('messages.empty'))}
      testId="messages-chart"
      actions={
        <Group gap="xs" wrap="nowrap">
          <Badge variant="default">{t(granularity === 'hour' ? 'messages.perHour' : 'messages.perDay')}</Badge>
          <ExportButton series="messages" range={range} what={t('messages.exportName')} />
        </Group>
      }
    >
      {(series) => (
        <figure className={classes.chart} style={{ margin: 0 }}>
          <AreaChart
            h={260}
            data={seriesRows(series)}
            dataKey="label"
            curveType="monotone"
            withLegend
            legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
            withDots={series.points.length <= 31}
            fillOpacity={0.15}
            yAxisProps={{ allowDecimals: false }}
            valueFormatter={(value) => kFormat(value, i18n.language)}
            xAxisProps={{ tickFormatter: (label: string) => tickLabel(label, granularity), minTickGap: 16 }}
            series={[
              { name: 'outbound', label: t('messages.outbound'), color: 'blue.6' },
              { name: 'inbound', label: t('messages.inbound'), color: 'violet.6' },
              { name: 'delivered', label: t('messages.delivered'), color: 'teal.6' },
              { name: 'failed', label: t('messages.failed'), color: 'red.6' },
            ]}
          />
          <VisuallyHidden component="figcaption">
            {t('messages.description', {
              unit: t(granularity === 'hour' ? 'messages.hour' : 'messages.day'),
              from: formatDateIn(series.range.from, series.range.timeZone),
              to: formatDateIn(Date.parse(series.range.to) - 1, series.range.timeZone),
            })}
          </VisuallyHidden>
        </figure>
      )}
    </Panel>
  );
}
