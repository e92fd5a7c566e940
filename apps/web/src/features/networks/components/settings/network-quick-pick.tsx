import { Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { useNetworksText } from '../../networks-text';
import { NetworkKindIcon } from '../network-kind-icon';
import { NetworkStatusBadge } from '../network-status-badge';
import classes from './network-settings.module.css';

/** The workspace's networks as buttons, for a page opened without one. */
export function NetworkQuickPick({ networks, onPick }: { networks: Network[]; onPick: (id: string) => void }) {
  const t = useNetworksText();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" w="100%" maw={960} mt="md">
      {networks.map((network) => (
        <UnstyledButton key={network.id} className={classes.pick} onClick={() => onPick(network.id)}>
          <Group gap="sm" wrap="nowrap">
            <NetworkKindIcon kind={network.kind} size="xl" />
            <Stack gap={2} miw={0} style={{ flex: 1 }} align="flex-start">
              <Text fw={700} c="bright" truncate maw="100%">
                {network.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`kinds.${network.kind}.name`)}
              </Text>
            </Stack>
            <NetworkStatusBadge network={network} size="sm" />
          </Group>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
