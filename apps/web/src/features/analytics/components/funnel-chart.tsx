import { FunnelChart } from '@mantine/charts';
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kFormat } from '../../../lib/format';
import { isolateLtr } from '../../../lib/isolate';
import { useAnalyticsText } from '../analytics-text';
import { useAnalyticsOverview } from '../api/use-analytics-overview';
import { formatRate } from '../lib/analytics-format';
import type { RangeChoice } from '../lib/analytics-range';
import classes from './analytics.module.css';
import { ExportButton } from './export-button';
import { Panel } from './panel';

/** Outbound messages of the range: queued → reached the network → delivered, and how many failed. */
export function DeliveryFunnel({ range }: { range: RangeChoice }) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const query = useAnalyticsOverview(range);
  const count = (n: number) => kFormat(n, locale);
  return (
    <Panel
      title={t('funnel.title')}
      query={query}
      empty={({ funnel }) => (funnel.queued === 0 ? t('funnel.empty') : null)}
      testId="delivery-funnel"
      actions={<ExportButton series="funnel" range={range} what={t('funnel.exportName')} />}
    >
      {({ funnel }) => {
        const stages = [
          { key: 'queued', name: t('funnel.queued'), value: funnel.queued, color: 'blue.6' },
          { key: 'sent', name: t('funnel.sent'), value: funnel.sent, color: 'cyan.6' },
          { key: 'delivered', name: t('funnel.delivered'), value: funnel.delivered, color: 'teal.6' },
        ];
        return (
          <figure style={{ margin: 0 }}>
            <Group justify="center" className={classes.chart} aria-hidden>
              {/* The rows below say the same in text; recharts' keyboard layer would be a focus stop in a hidden chart. */}
              <FunnelChart
                data={stages}
                size={180}
                withTooltip={false}
                strokeWidth={1}
                funnelChartProps={{ accessibilityLayer: false }}
              />
            </Group>
            <Stack gap={4} mt="sm">
              {stages.map((stage) => (
                <Group key={stage.key} justify="space-between" gap="xs" wrap="nowrap" aria-hidden>
                  <Text size="sm">{stage.name}</Text>
                  <Text size="sm" fw={600} className={classes.numbers}>
                    {isolateLtr(count(stage.value))}
                    {stage.key !== 'queued' && ` · ${isolateLtr(formatRate(stage.value / funnel.queued, locale))}`}
                  </Text>
                </Group>
              ))}
              <Text size="sm" className={funnel.failed > 0 ? classes.bad : classes.flat} aria-hidden>
                {t('funnel.failed', { count: isolateLtr(count(funnel.failed)) })}
              </Text>
            </Stack>
            <VisuallyHidden component="figcaption">
              {t('funnel.description', {
                queued: count(funnel.queued),
                sent: count(funnel.sent),
                delivered: count(funnel.delivered),
                failed: count(funnel.failed),
              })}
            </VisuallyHidden>
          </figure>
        );
      }}
    </Panel>
  );
}
