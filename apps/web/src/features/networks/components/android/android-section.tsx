import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AndroidRegistration, Network } from '@switchboard/contract';
import { IconDeviceMobile, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotateRegistration } from '../../api/use-rotate-registration';
import { useNetworksNotifications } from '../../hooks/use-networks-notifications';
import type { AndroidSettingsView } from '../../lib/settings-view';
import { useNetworksText } from '../../networks-text';
import { CopyField } from '../copy-field';
import { RelativeTimeText } from '../relative-time-text';
import { AndroidRegistrationPanel } from './android-registration';
import classes from '../settings/network-settings.module.css';

interface AndroidSectionProps {
  network: Network;
  settings: AndroidSettingsView;
}

/** The paired phone, the app's API URL, and a new registration token (shown once). */
export function AndroidSection({ network, settings }: AndroidSectionProps) {
  const t = useNetworksText();
  const { t: tCommon } = useTranslation();
  const notify = useNetworksNotifications();
  const rotate = useRotateRegistration();
  const [confirming, confirm] = useDisclosure(false);
  const [registration, setRegistration] = useState<AndroidRegistration | null>(null);
  const device = settings.device;

  const createToken = () =>
    rotate.mutateAsync(network.id).then((answer) => {
      confirm.close();
      setRegistration(answer.registration ?? null);
      notify.success(t('android.rotated'));
    }, notify.failure);

  return (
    <Stack gap="sm" className={classes.section}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {t('android.device')}
      </Title>
      {device ? (
        <Stack gap={4}>
          <Group gap="xs">
            <IconDeviceMobile size={18} aria-hidden />
            <Text fw={600}>{device.name}</Text>
            <Badge variant="light" color={device.streaming ? 'success' : 'gray'}>
              {t(device.streaming ? 'android.streaming' : 'android.polling')}
            </Badge>
          </Group>
          <RelativeTimeText
            size="xs"
            c="dimmed"
            value={device.registeredAt}
            template={(time) => t('android.registeredAt', { time })}
          />
          {device.simCards.map((sim) => (
            <Text key={sim.simNumber} size="sm" c="dimmed">
              {t('android.sim', { number: sim.simNumber })}:{' '}
              <span dir="ltr">{sim.phoneNumber ?? t('android.unknownNumber')}</span>
              {sim.carrierName ? ` · ${sim.carrierName}` : ''}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('android.noDevice')}
        </Text>
      )}
      <CopyField label={t('android.serverUrl')} value={settings.serverUrl} />
      {settings.registrationToken && (
        <Text size="sm" c="dimmed">
          {t('android.storedToken', { masked: settings.registrationToken })}
        </Text>
      )}
      <Group>
        <Button variant="light" color="orange" leftSection={<IconKey size={18} aria-hidden />} onClick={confirm.open}>
          {t('android.rotate')}
        </Button>
      </Group>

      <Modal
        opened={confirming}
        onClose={confirm.close}
        title={t('android.rotateTitle')}
        closeButtonProps={{ 'aria-label': tCommon('close') }}
      >
        <Text size="sm">{t('android.rotateText')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            {tCommon('cancel')}
          </Button>
          <Button color="orange" loading={rotate.isPending} onClick={createToken}>
            {t('android.rotateConfirm')}
          </Button>
        </Group>
      </Modal>

      <Modal
        opened={registration !== null}
        onClose={() => setRegistration(null)}
        title={t('android.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': tCommon('close') }}
      >
        {registration && <AndroidRegistrationPanel registration={registration} network={network} />}
      </Modal>
    </Stack>
  );
}
