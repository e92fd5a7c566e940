// The charts' legend and tooltip swatches: Mantine's ColorSwatch is not in the first visit's styles.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { Card, Grid, Group, Stack, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { isolateLtr } from '../../../lib/isolate';
import { useAnalyticsText } from '../analytics-text';
import { useAnalyticsLive } from '../api/use-analytics-live';
import { useAnalyticsOverview } from '../api/use-analytics-overview';
import { CampaignsChart, NetworksChart } from '../components/breakdown-charts';
import { DispatchedTable } from '../components/dispatched-table';
import { ExportButton } from '../components/export-button';
import { FailureReasons } from '../components/failure-reasons';
import { DeliveryFunnel } from '../components/funnel-chart';
import { KpiCards } from '../components/kpi-cards';
import { MessagesChart } from '../components/messages-chart';
import { NetworkHealthStrip } from '../components/network-health-strip';
import { RangePicker } from '../components/range-picker';
import { UsageCard } from '../components/usage-card';
import classes from '../components/analytics.module.css';
import { formatDateIn } from '../lib/analytics-format';
import { datesOfRange, rangeFromParams, rangeQuery, type RangeChoice } from '../lib/analytics-range';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /dashboard/analytics, the control panel (admins): the range's key figures against the previous
 * period, the month's usage, messages over time, the delivery funnel, networks and campaigns, the
 * top failure reasons, the networks' health now and the latest dispatched messages and campaigns.
 * Every figure is the server's (read from its hourly roll-ups); the range lives in the address;
 * socket events refresh the page at most every 2 s.
 */
export default function AnalyticsPage() {
  const t = useAnalyticsText();
  useAnalyticsLive();
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const overview = useAnalyticsOverview(range);
  const shown = overview.data?.range;
  const timeZone = shown?.timeZone ?? browserTimeZone();

  const setRange = (next: RangeChoice) => setParams(new URLSearchParams(rangeQuery(next)), { replace: true });

  return (
    <Stack gap="md" data-testid="analytics-page">
      <Card radius="lg" padding={0}>
        <Group justify="space-between" align="flex-end" p="md" gap="md" className={classes.header}>
          <Stack gap={6} style={{ flex: '1 1 18rem' }}>
            {/* The page's title (h1) is the layout's: this line says what the panel shows. */}
            <Text size="sm" c="dimmed">
              {t('subtitle')}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconWorld size={14} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
              <Text size="xs" c="dimmed" data-testid="analytics-time-zone">
                {t('timeZone', { zone: isolateLtr(timeZone) })}
              </Text>
            </Group>
            {shown && (
              <Text size="sm" fw={600} data-testid="analytics-range-shown">
                {t('range.shown', {
                  from: isolateLtr(formatDateIn(shown.from, shown.timeZone)),
                  to: isolateLtr(formatDateIn(Date.parse(shown.to) - 1, shown.timeZone)),
                })}
              </Text>
            )}
          </Stack>
          <Group gap="sm" align="flex-end">
            <RangePicker
              key={shown ? 'ready' : 'loading'}
              value={range}
              onChange={setRange}
              shownDates={shown ? datesOfRange(shown) : null}
            />
            <ExportButton series="kpis" range={range} what={t('cards.exportName')} />
          </Group>
        </Group>
      </Card>
      <KpiCards range={range} usage={<UsageCard range={range} />} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <MessagesChart range={range} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <DeliveryFunnel range={range} />
        </Grid.Col>
      </Grid>
      <NetworkHealthStrip timeZone={timeZone} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <NetworksChart range={range} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CampaignsChart range={range} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <FailureReasons range={range} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <DispatchedTable timeZone={timeZone} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
