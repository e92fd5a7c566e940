import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { IconDeviceMobileMessage, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNetworksText } from '../../networks-text';
import { settingsPath } from '../../lib/paths';

interface NetworkActionsProps {
  network: Network;
  onOpenPhone: (network: Network) => void;
}

/** Per network: the sandbox's virtual phone, and the settings page. */
export function NetworkActions({ network, onOpenPhone }: NetworkActionsProps) {
  const t = useNetworksText();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end" onClick={(event) => event.stopPropagation()}>
      {network.kind === 'sandbox' && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}
          onClick={() => onOpenPhone(network)}
          aria-label={t('list.virtualPhoneOf', { name: network.name })}
        >
          {t('list.virtualPhone')}
        </Button>
      )}
      <Tooltip label={t('list.openSettings')} withArrow>
        <ActionIcon
          component={Link}
          to={settingsPath(network.id)}
          variant="subtle"
          color="gray"
          aria-label={t('list.openSettingsOf', { name: network.name })}
        >
          <IconSettings size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
