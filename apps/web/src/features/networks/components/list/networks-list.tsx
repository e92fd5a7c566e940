import { Alert, Button, Center, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Network } from '@switchboard/contract';
import { IconAlertTriangle, IconNetwork, IconPlus } from '@tabler/icons-react';
import { useNetworks } from '../../../../lib/queries/use-networks';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworksText } from '../../networks-text';
import { NetworkCard } from './network-card';
import { NetworksTable } from './networks-table';

interface NetworksListProps {
  onAdd: () => void;
  onOpenPhone: (network: Network) => void;
}

/** The workspace's networks: a table on wide screens, cards on narrow ones; loading, error, empty. */
export function NetworksList({ onAdd, onOpenPhone }: NetworksListProps) {
  const t = useNetworksText();
  const errorMessage = useApiErrorMessage();
  const networks = useNetworks();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (networks.isPending) {
    return (
      <Stack gap="sm" p="md" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (networks.isError) {
    return (
      <Alert m="md" color="red" icon={<IconAlertTriangle aria-hidden />} title={t('list.loadError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(networks.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void networks.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (networks.data.length === 0) {
    return (
      <Center py={48} px="md">
        <Stack align="center" gap="sm" maw={440} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconNetwork size={34} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h4">
            {t('list.empty.title')}
          </Title>
          <Text c="dimmed">{t('list.empty.text')}</Text>
          <Button mt="sm" leftSection={<IconPlus size={18} aria-hidden />} onClick={onAdd}>
            {t('wizard.title')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (wide) return <NetworksTable networks={networks.data} onOpenPhone={onOpenPhone} />;
  return (
    <Stack component="ul" gap="sm" p="sm" m={0} aria-label={t('list.label')} style={{ listStyle: 'none' }}>
      {networks.data.map((network) => (
        <NetworkCard key={network.id} network={network} onOpenPhone={onOpenPhone} />
      ))}
    </Stack>
  );
}
