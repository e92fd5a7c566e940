import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { NetworkResponse } from '@switchboard/contract';
import { IconCircleCheck, IconDeviceMobileMessage, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNetworks } from '../../../../lib/queries/use-networks';
import { settingsPath } from '../../lib/paths';
import { useNetworksText } from '../../networks-text';
import { AndroidRegistrationPanel } from '../android/android-registration';

interface SavedStepProps {
  created: NetworkResponse;
  onOpenPhone: (id: string) => void;
}

/** Step 4: the network is saved; an Android phone still has to be paired (live). */
export function SavedStep({ created, onOpenPhone }: SavedStepProps) {
  const t = useNetworksText();
  const { data: networks } = useNetworks();
  const network = networks?.find((item) => item.id === created.network.id) ?? created.network;
  if (created.registration) {
    return (
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('android.title')}
        </Title>
        <AndroidRegistrationPanel registration={created.registration} network={network} />
      </Stack>
    );
  }
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={64} radius="xl" color="success" variant="light">
        <IconCircleCheck size={36} stroke={1.5} aria-hidden />
      </ThemeIcon>
      <Title order={3} size="h4">
        {t('wizard.saved.title', { name: network.name })}
      </Title>
      <Text c="dimmed" maw={440}>
        {t(network.kind === 'sandbox' ? 'wizard.saved.sandbox' : 'wizard.saved.other')}
      </Text>
      <Group justify="center" mt="xs">
        {network.kind === 'sandbox' && (
          <Button
            leftSection={<IconDeviceMobileMessage size={18} aria-hidden />}
            onClick={() => onOpenPhone(network.id)}
          >
            {t('wizard.saved.openPhone')}
          </Button>
        )}
        <Button
          variant={network.kind === 'sandbox' ? 'default' : 'filled'}
          component={Link}
          to={settingsPath(network.id)}
          leftSection={<IconSettings size={18} aria-hidden />}
        >
          {t('wizard.saved.openSettings')}
        </Button>
      </Group>
    </Stack>
  );
}
