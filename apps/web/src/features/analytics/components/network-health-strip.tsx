import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { NetworkHealth } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { kFormat } from '../../../lib/format';
import { isolateLtr, isolateText } from '../../../lib/isolate';
import { useAnalyticsText, type AnalyticsText } from '../analytics-text';
import { useNetworkHealth } from '../api/use-network-health';
import { formatDateTimeIn } from '../lib/analytics-format';
import classes from './analytics.module.css';
import { Panel } from './panel';

type HealthRow = NetworkHealth['networks'][number];

/** Colours whose light variant reads at WCAG AA in both themes (see app/theme.ts); others are neutral. */
const STATUS_COLORS: Record<string, string> = { connected: 'green', error: 'red' };

function statusText(t: AnalyticsText, row: HealthRow): string {
  if (!row.enabled) return t('health.disabled');
  const known = ['connected', 'disconnected', 'error'] as const;
  const status = known.find((name) => name === row.status);
  return status ? t(`health.statuses.${status}`) : row.status;
}

/** Every network now (not the range): its status, when it was last seen, and its last hour's sends and failures. */
export function NetworkHealthStrip({ timeZone }: { timeZone: string }) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const query = useNetworkHealth();
  const count = (n: number) => isolateLtr(kFormat(n, i18n.language));
  return (
    <Panel
      title={t('health.title')}
      query={query}
      empty={({ networks }) => (networks.length === 0 ? t('health.empty') : null)}
      testId="network-health"
    >
      {({ networks }) => (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 4 }}
          spacing="sm"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {networks.map((row) => (
            <Card
              key={row.networkId}
              component="li"
              withBorder
              padding="sm"
              radius="md"
              className={classes.healthCard}
              data-testid="network-health-item"
              data-status={row.status}
            >
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm" truncate>
                    {isolateText(row.name)}
                  </Text>
                  <Badge
                    variant={row.enabled && STATUS_COLORS[row.status] ? 'light' : 'default'}
                    color={row.enabled ? STATUS_COLORS[row.status] : undefined}
                    style={{ flexShrink: 0 }}
                  >
                    {statusText(t, row)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {row.lastSeenAt
                    ? t('health.lastSeen', { date: isolateLtr(formatDateTimeIn(row.lastSeenAt, timeZone)) })
                    : t('health.neverSeen')}
                </Text>
                <Text size="xs" className={classes.numbers} data-testid="network-health-last-hour">
                  {t('health.lastHour', { sent: count(row.sentLastHour), failed: count(row.failedLastHour) })}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Panel>
  );
}
