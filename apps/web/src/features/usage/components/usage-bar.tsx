import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Usage } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { LEVEL_COLORS, usageLevel } from '../lib/usage-level';
import { useUsageText } from '../usage-text';
import classes from './usage-bar.module.css';
import { WorkspaceTimeZone } from './workspace-time-zone';

interface UsageBarProps {
  usage: Usage;
  /** Segments about to be added (e.g. a campaign under review), drawn after the used ones. */
  adding?: number;
  /** Shown in a popover (the navigation's badge): the time zone's list stays inside it. */
  inPopover?: boolean;
}

/**
 * This month's SMS segments against the plan's quota: a bar that turns amber at 80 % and red at
 * 100 %, the counts, and when the month renews in the workspace's time zone, which an admin
 * (the only one who sees usage) may change here. An unlimited plan shows the count only.
 */
export function UsageBar({ usage, adding = 0, inPopover = false }: UsageBarProps) {
  const t = useUsageText();
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const renews = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: usage.timeZone }).format(
    new Date(usage.periodEnd),
  );
  const level = usageLevel({ used: usage.used + adding, quota: usage.quota });
  const usedText =
    usage.quota === null
      ? t('usedUnlimited', { used: number.format(usage.used) })
      : t('used', { used: number.format(usage.used), quota: number.format(usage.quota) });
  const share = (n: number) => (usage.quota ? Math.min(100, (n / usage.quota) * 100) : 0);
  const usedShare = share(usage.used);

  return (
    <Stack gap={6} data-testid="usage-bar" data-level={level}>
      {usage.quota !== null && (
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={usedShare} color={LEVEL_COLORS[level]} />
          {adding > 0 && (
            <Progress.Section
              value={Math.min(share(adding), 100 - usedShare)}
              color={LEVEL_COLORS[level]}
              striped
              style={{ opacity: 0.6 }}
            />
          )}
        </Progress.Root>
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{usedText}</Text>
        {usage.remaining !== null && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('remaining', { remaining: number.format(usage.remaining) })}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('renews', { date: renews })}
      </Text>
      <WorkspaceTimeZone timeZone={usage.timeZone} inPopover={inPopover} />
      {(level === 'warning' || level === 'danger') && (
        <Text size="sm" className={level === 'danger' ? classes.danger : classes.warning} role="status">
          {t(level)}
        </Text>
      )}
    </Stack>
  );
}
