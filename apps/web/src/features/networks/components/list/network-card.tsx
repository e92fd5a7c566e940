import { Card, Group, Stack, Text } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { useNavigate } from 'react-router';
import { useNetworksText } from '../../networks-text';
import { settingsPath } from '../../lib/paths';
import { NetworkAddress } from '../network-address';
import { NetworkKindIcon } from '../network-kind-icon';
import { NetworkStatusBadge } from '../network-status-badge';
import { LastSeenText } from '../relative-time-text';
import { EnabledSwitch } from '../enabled-switch';
import { NetworkActions } from './network-actions';
import { NetworkCounters } from './network-counters';
import classes from './networks-list.module.css';

interface NetworkCardProps {
  network: Network;
  onOpenPhone: (network: Network) => void;
}

/** Narrow screens: a network as a card; the card opens its settings. */
export function NetworkCard({ network, onOpenPhone }: NetworkCardProps) {
  const t = useNetworksText();
  const navigate = useNavigate();
  return (
    <Card
      component="li"
      withBorder
      radius="lg"
      padding="md"
      className={classes.card}
      data-network-id={network.id}
      onClick={() => void navigate(settingsPath(network.id))}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <NetworkKindIcon kind={network.kind} size="xl" />
        <Stack gap={0} miw={0}>
          <Text fw={700} c="bright" truncate>
            {network.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`kinds.${network.kind}.name`)} · {t('list.throughputValue', { value: network.throughput })}
          </Text>
          <NetworkAddress address={network.address} size="xs" />
        </Stack>
      </Group>
      <Group justify="space-between" mt="sm" className={classes.cardStats} wrap="nowrap">
        <Stack gap={4} align="flex-start">
          <NetworkStatusBadge network={network} />
          <LastSeenText value={network.lastSeenAt} />
        </Stack>
        <NetworkCounters stats={network.stats} />
      </Group>
      <Group justify="space-between" mt="sm" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
        <EnabledSwitch network={network} label={t('list.columns.enabled')} />
        <NetworkActions network={network} onOpenPhone={onOpenPhone} />
      </Group>
    </Card>
  );
}
