import { Anchor, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { Link, useNavigate } from 'react-router';
import { useNetworksText } from '../../networks-text';
import { settingsPath } from '../../lib/paths';
import { NetworkKindIcon } from '../network-kind-icon';
import { NetworkStatusBadge } from '../network-status-badge';
import { RelativeTimeText } from '../relative-time-text';
import { EnabledSwitch } from '../enabled-switch';
import { NetworkActions } from './network-actions';
import { NetworkAddress } from '../network-address';
import { NetworkCounters } from './network-counters';
import classes from './networks-list.module.css';

interface NetworksTableProps {
  networks: Network[];
  onOpenPhone: (network: Network) => void;
}

/** Wide screens: one row per network; a row opens its settings (the name is the link for keyboards). */
export function NetworksTable({ networks, onOpenPhone }: NetworksTableProps) {
  const t = useNetworksText();
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        className={classes.table}
        aria-label={t('list.label')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.network')}</Table.Th>
            <Table.Th>{t('list.columns.address')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
            <Table.Th>{t('list.columns.lastSeen')}</Table.Th>
            <Table.Th>{t('list.columns.throughput')}</Table.Th>
            <Table.Th>{t('list.columns.today')}</Table.Th>
            <Table.Th>{t('list.columns.enabled')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {networks.map((network) => (
            <Table.Tr
              key={network.id}
              className={classes.row}
              data-network-id={network.id}
              onClick={() => void navigate(settingsPath(network.id))}
            >
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <NetworkKindIcon kind={network.kind} />
                  <Stack gap={0}>
                    <Anchor
                      component={Link}
                      to={settingsPath(network.id)}
                      fw={600}
                      c="bright"
                      onClick={(event) => event.stopPropagation()}
                    >
                      {network.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t(`kinds.${network.kind}.name`)}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <NetworkAddress address={network.address} />
              </Table.Td>
              <Table.Td>
                <NetworkStatusBadge network={network} />
              </Table.Td>
              <Table.Td>
                <RelativeTimeText size="sm" c="dimmed" value={network.lastSeenAt} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t('list.throughputValue', { value: network.throughput })}</Text>
              </Table.Td>
              <Table.Td>
                <NetworkCounters stats={network.stats} />
              </Table.Td>
              {/* Toggling is not opening: the click stays in the cell. */}
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <EnabledSwitch network={network} />
              </Table.Td>
              <Table.Td>
                <NetworkActions network={network} onOpenPhone={onOpenPhone} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
