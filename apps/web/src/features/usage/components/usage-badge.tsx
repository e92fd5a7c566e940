import { Badge, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUsage } from '../api/use-usage';
import { LEVEL_COLORS, usageLevel, usagePercent } from '../lib/usage-level';
import { useUsageText } from '../usage-text';
import { usePlanName } from './plan-name';
import { UsageBar } from './usage-bar';

/**
 * The navigation's SMS quota badge (admins): the share of the month's quota used, amber from
 * 80 %, red at 100 %; it opens the plan and the usage bar. Nothing for an unlimited plan.
 */
export function UsageBadge() {
  const t = useUsageText();
  const { i18n } = useTranslation();
  const planName = usePlanName();
  const { data: usage } = useUsage();
  if (!usage || usage.quota === null) return null;
  const level = usageLevel(usage);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format((usagePercent(usage) ?? 0) / 100);
  return (
    <Popover width={300} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton aria-label={t('badge', { percent })} data-testid="usage-badge" data-level={level}>
          <Badge
            color={LEVEL_COLORS[level]}
            variant={level === 'normal' ? 'light' : 'filled'}
            size="lg"
            style={{ cursor: 'pointer' }}
          >
            {t('badgeText', { percent })}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <div>
            <Text fw={600}>{t('title')}</Text>
            <Text size="sm" c="dimmed">
              {t('planName', { plan: planName(usage.planId) })}
            </Text>
          </div>
          <UsageBar usage={usage} inPopover />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
