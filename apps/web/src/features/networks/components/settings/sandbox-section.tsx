import { Button, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { phonePath } from '../../lib/paths';
import type { SandboxSettingsView } from '../../lib/settings-view';
import { useNetworksText } from '../../networks-text';
import classes from './network-settings.module.css';

/** The sandbox: how fast its virtual phone answers, and the way to it. */
export function SandboxSection({ networkId, settings }: { networkId: string; settings: SandboxSettingsView }) {
  const t = useNetworksText();
  return (
    <Stack gap="sm" className={classes.section} align="flex-start">
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {t('settings.sandbox.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.sandbox.text', { seconds: Math.round(settings.deliveryDelayMs / 100) / 10 })}
      </Text>
      <Button
        component={Link}
        to={phonePath(networkId)}
        variant="light"
        leftSection={<IconDeviceMobileMessage size={18} aria-hidden />}
      >
        {t('settings.sandbox.openPhone')}
      </Button>
    </Stack>
  );
}
