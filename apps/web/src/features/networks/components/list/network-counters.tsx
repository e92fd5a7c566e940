import { Group, Text, Tooltip } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { kFormat } from '../../../../lib/format';
import { useNetworksText } from '../../networks-text';

/** Today's received and sent messages, updated live. */
export function NetworkCounters({ stats }: Pick<Network, 'stats'>) {
  const t = useNetworksText();
  const { i18n } = useTranslation();
  const items = [
    { label: t('list.todayIn'), value: stats.inToday, Icon: IconArrowDownLeft, color: 'success' },
    { label: t('list.todayOut'), value: stats.outToday, Icon: IconArrowUpRight, color: 'brand' },
  ];
  return (
    <Group gap="sm" wrap="nowrap">
      {items.map(({ label, value, Icon, color }) => (
        <Tooltip key={label} label={label} withArrow>
          <Group gap={2} wrap="nowrap" aria-label={`${label}: ${value}`} role="group">
            <Icon size={16} color={`var(--mantine-color-${color}-text)`} aria-hidden />
            <Text size="sm" fw={600} aria-hidden>
              {kFormat(value, i18n.language)}
            </Text>
          </Group>
        </Tooltip>
      ))}
    </Group>
  );
}
