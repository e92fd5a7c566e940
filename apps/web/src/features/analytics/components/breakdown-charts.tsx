import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kFormat } from '../../../lib/format';
import { useAnalyticsText } from '../analytics-text';
import { useAnalyticsBreakdown } from '../api/use-analytics-breakdown';
import type { RangeChoice } from '../lib/analytics-range';
import { activeNetworks, campaignRows } from '../lib/chart-data';
import classes from './analytics.module.css';
import { ExportButton } from './export-button';
import { Panel } from './panel';

/** Messages received, sent, delivered and failed per network of the range. */
export function NetworksChart({ range }: { range: RangeChoice }) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const query = useAnalyticsBreakdown(range);
  return (
    <Panel
      title={t('networks.title')}
      query={query}
      empty={(breakdown) => (activeNetworks(breakdown).length === 0 ? t('networks.empty') : null)}
      testId="networks-chart"
      actions={<ExportButton series="networks" range={range} what={t('networks.exportName')} />}
    >
      {(breakdown) => (
        <figure className={classes.chart} style={{ margin: 0 }}>
          <BarChart
            h={240}
            data={activeNetworks(breakdown)}
            dataKey="name"
            yAxisProps={{ allowDecimals: false }}
            withLegend
            legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
            valueFormatter={(value) => kFormat(value, i18n.language)}
            series={[
              { name: 'inbound', label: t('messages.inbound'), color: 'violet.6' },
              { name: 'outbound', label: t('messages.outbound'), color: 'blue.6' },
              { name: 'delivered', label: t('messages.delivered'), color: 'teal.6' },
              { name: 'failed', label: t('messages.failed'), color: 'red.6' },
            ]}
          />
          <VisuallyHidden component="figcaption">{t('networks.description')}</VisuallyHidden>
        </figure>
      )}
    </Panel>
  );
}

/** Each campaign's messages of the range, stacked: delivered, failed, still on their way. */
export function CampaignsChart({ range }: { range: RangeChoice }) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const query = useAnalyticsBreakdown(range);
  return (
    <Panel
      title={t('campaigns.title')}
      query={query}
      empty={(breakdown) => (breakdown.campaigns.length === 0 ? t('campaigns.empty') : null)}
      testId="campaigns-chart"
      actions={<ExportButton series="campaigns" range={range} what={t('campaigns.exportName')} />}
    >
      {(breakdown) => {
        const rows = campaignRows(breakdown);
        return (
          <figure className={classes.chart} style={{ margin: 0 }}>
            <BarChart
              h={Math.max(200, 40 + rows.length * 32)}
              data={rows}
              dataKey="name"
              orientation="vertical"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
              yAxisProps={{ width: 110 }}
              xAxisProps={{ allowDecimals: false }}
              valueFormatter={(value) => kFormat(value, i18n.language)}
              series={[
                { name: 'delivered', label: t('messages.delivered'), color: 'teal.6' },
                { name: 'failed', label: t('messages.failed'), color: 'red.6' },
                { name: 'pending', label: t('campaigns.pending'), color: 'gray.5' },
              ]}
            />
            <VisuallyHidden component="figcaption">{t('campaigns.description')}</VisuallyHidden>
          </figure>
        );
      }}
    </Panel>
  );
}
