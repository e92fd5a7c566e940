import { Alert, Box, Card, Group, Stack, Text } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNetworksText } from '../../networks-text';
import { NetworkAddress } from '../network-address';
import { NetworkStatusBadge } from '../network-status-badge';
import { LastSeenText } from '../relative-time-text';
import { EnabledSwitch } from '../enabled-switch';
import classes from './network-settings.module.css';

interface NetworkSummaryBarProps {
  picker: ReactNode;
  network: Network | undefined;
}

/** The page's top: the network picker, then the chosen network's live status and its on/off switch. */
export function NetworkSummaryBar({ picker, network }: NetworkSummaryBarProps) {
  const t = useNetworksText();
  return (
    <Card radius="lg" padding="md" className={classes.topBar}>
      <Group justify="space-between" align="flex-end" gap="md">
        {picker}
        {network && (
          <Group gap="lg" align="center" wrap="nowrap" justify="space-between" className={classes.summary}>
            <Stack gap={2}>
              <Group gap="xs">
                <NetworkStatusBadge network={network} size="lg" />
                <NetworkAddress address={network.address} />
              </Group>
              <LastSeenText value={network.lastSeenAt} />
            </Stack>
            <EnabledSwitch
              network={network}
              size="md"
              label={t('settings.enabled')}
              description={
                <Box component="span" visibleFrom="md">
                  {t('settings.enabledHint')}
                </Box>
              }
              maw={300}
            />
          </Group>
        )}
      </Group>
      {network?.status === 'error' && network.lastError && (
        <Alert mt="sm" py={6} color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm" lineClamp={2} title={network.lastError}>
            <Text span fw={700} size="sm">
              {t('settings.lastError')}:
            </Text>{' '}
            <span dir="auto">{network.lastError}</span>
          </Text>
        </Alert>
      )}
    </Card>
  );
}
