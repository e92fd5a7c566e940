import { Card, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { CardName, Kpi } from '@switchboard/contract';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolateLtr, isolateText } from '../../../lib/isolate';
import { useAnalyticsText } from '../analytics-text';
import { changeTone, formatCardValue, formatChange, formatRate } from '../lib/analytics-format';
import classes from './analytics.module.css';

interface KpiCardProps {
  name: CardName;
  kpi: Kpi | undefined;
  failed: boolean;
}

/**
 * One key figure: its value, the change against the previous period (green good, red bad) and the previous value.
 * A value is isolated in its own direction: Arabic writes a duration's unit before its number.
 */
export function KpiCard({ name, kpi, failed }: KpiCardProps) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const title = t(`cards.names.${name}`);
  const tone = changeTone(name, kpi?.change ?? null);
  const change = kpi?.change ?? null;
  const Arrow = !change ? null : change > 0 ? IconArrowUpRight : IconArrowDownRight;
  const changeText =
    change === null
      ? null
      : change === 0
        ? t('cards.same')
        : t(change > 0 ? 'cards.up' : 'cards.down', { change: isolateLtr(formatRate(Math.abs(change), locale)) });

  return (
    <Card withBorder padding="sm" radius="md" className={classes.panel} data-testid={`kpi-${name}`}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {title}
        </Text>
        {kpi === undefined ? (
          failed ? (
            <Text size="sm" className={classes.bad}>
              {t('loadFailed')}
            </Text>
          ) : (
            <Loader size="xs" aria-label={title} />
          )
        ) : (
          <>
            <Group gap="xs" align="baseline" wrap="nowrap" justify="space-between">
              <Text fz={26} fw={700} className={classes.value} data-testid="kpi-value">
                {isolateText(formatCardValue(name, kpi.value, locale))}
              </Text>
              {change !== null && (
                <Group gap={2} wrap="nowrap" className={classes[tone]} data-testid="kpi-change" data-tone={tone}>
                  {Arrow && <Arrow size={16} aria-hidden />}
                  <Text size="sm" fw={600} inherit aria-hidden>
                    {isolateLtr(formatChange(change, locale))}
                  </Text>
                  <VisuallyHidden>{changeText}</VisuallyHidden>
                </Group>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {kpi.previous === null
                ? t('cards.noPrevious')
                : t('cards.previous', { value: isolateText(formatCardValue(name, kpi.previous, locale)) })}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
