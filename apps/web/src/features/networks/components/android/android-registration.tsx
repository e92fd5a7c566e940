import { Alert, Group, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AndroidRegistration, Network } from '@switchboard/contract';
import { IconAlertTriangle, IconCircleCheck, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { androidSettingsOf } from '../../lib/settings-view';
import { useNetworksText } from '../../networks-text';
import { CopyField } from '../copy-field';
import { RegistrationQrSection } from './registration-qr-section';

interface AndroidRegistrationProps {
  registration: AndroidRegistration;
  /** The network as the cache holds it now (socket events keep it live). */
  network: Network | undefined;
}

/**
 * The server URL and the token for the SMSGate app (shown only now), how to enter them, and the
 * wait for the phone: done when a phone registers after this token was shown.
 */
export function AndroidRegistrationPanel({ registration, network }: AndroidRegistrationProps) {
  const t = useNetworksText();
  const settings = network ? androidSettingsOf(network) : null;
  // A phone registered before (an earlier token) does not count; only a new registration does.
  const [earlier] = useState(() => settings?.device?.registeredAt ?? null);
  const device = settings?.device && settings.device.registeredAt !== earlier ? settings.device : null;
  return (
    <Stack gap="md">
      <Alert color="warning" variant="light" icon={<IconKey aria-hidden />}>
        {t('android.tokenOnce')}
      </Alert>
      <CopyField label={t('android.serverUrl')} value={registration.serverUrl} />
      <CopyField label={t('android.token')} value={registration.token} />
      <RegistrationQrSection serverUrl={registration.serverUrl} token={registration.token} />
      {settings?.httpsWarning && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('android.httpsWarning.title')}
        >
          {t('android.httpsWarning.text')}
        </Alert>
      )}
      <List type="ordered" spacing={6} size="sm">
        <List.Item>{t('android.steps.install')}</List.Item>
        <List.Item>{t('android.steps.settings')}</List.Item>
        <List.Item>{t('android.steps.url')}</List.Item>
        <List.Item>{t('android.steps.token')}</List.Item>
        <List.Item>{t('android.steps.enable')}</List.Item>
      </List>
      {device ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title={t('android.connected')}
          role="status"
        >
          {t('android.connectedText', { device: device.name })}
        </Alert>
      ) : (
        <Group gap="sm" wrap="nowrap" role="status">
          <ThemeIcon variant="light" radius="xl" size="lg">
            <Loader size={16} type="dots" />
          </ThemeIcon>
          <Text size="sm" fw={500}>
            {t('android.waiting')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
