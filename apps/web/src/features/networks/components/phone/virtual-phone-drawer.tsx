import { Alert, Avatar, Drawer, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useNetwork } from '../../api/use-network';
import { useSandboxThread } from '../../api/use-sandbox-thread';
import { useSendSandboxMessage } from '../../api/use-send-sandbox-message';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworksNotifications } from '../../hooks/use-networks-notifications';
import { checkSandboxMessage } from '../../lib/network-validation';
import { compactPhoneNumber, looksInternational } from '../../../../lib/phone-number';
import { defaultPhoneNumber } from '../../lib/phone-number';
import { useNetworksText } from '../../networks-text';
import { PhoneComposer } from './phone-composer';
import { PhoneThread } from './phone-thread';
import classes from './virtual-phone.module.css';

interface VirtualPhoneDrawerProps {
  networkId: string;
  onClose: () => void;
}

/** The sandbox's virtual phone: it texts the workspace and shows the workspace's replies, live. */
export default function VirtualPhoneDrawer({ networkId, onClose }: VirtualPhoneDrawerProps) {
  const t = useNetworksText();
  const { t: tCommon } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)');
  const notify = useNetworksNotifications();
  const errorMessage = useApiErrorMessage();
  const network = useNetwork(networkId);
  const [typedNumber, setTypedNumber] = useState(() => defaultPhoneNumber(networkId));
  const [numberError, setNumberError] = useState<string | null>(null);
  const [debouncedNumber] = useDebouncedValue(typedNumber, 400);
  const number = looksInternational(debouncedNumber) ? compactPhoneNumber(debouncedNumber) : null;
  const thread = useSandboxThread(networkId, number);
  const send = useSendSandboxMessage();
  const name = network.data?.name ?? '';

  const sendMessage = async (body: string): Promise<boolean> => {
    const from = compactPhoneNumber(typedNumber);
    if (!looksInternational(from)) {
      setNumberError(t('phone.invalidNumber'));
      return false;
    }
    const checked = checkSandboxMessage({ from, body }, t);
    if (!checked.ok) return false;
    try {
      await send.mutateAsync({ id: networkId, body: { from, body: checked.data.body } });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PHONE_NUMBER') setNumberError(errorMessage(error));
      else notify.failure(error);
      return false;
    }
  };

  // A number the server cannot read is the number field's error, not the thread's.
  const badNumber = thread.error instanceof ApiError && thread.error.code === 'INVALID_PHONE_NUMBER';
  const shownNumberError = numberError ?? (badNumber ? errorMessage(thread.error) : null);

  return (
    <Drawer
      opened
      onClose={onClose}
      // Mantine mirrors it under right-to-left: the panel opens at the end side either way.
      position="right"
      size={narrow ? '100%' : 440}
      title={
        <Stack gap={0}>
          <Text fw={700} size="lg">
            {t('phone.title')}
          </Text>
          {name && (
            <Text size="sm" c="dimmed">
              {t('phone.subtitle', { name })}
            </Text>
          )}
        </Stack>
      }
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-md)' },
      }}
    >
      <TextInput
        label={t('phone.number')}
        description={t('phone.numberDescription')}
        value={typedNumber}
        onChange={(event) => {
          setTypedNumber(event.currentTarget.value);
          setNumberError(null);
        }}
        error={shownNumberError}
        dir="ltr"
        inputMode="tel"
        autoComplete="off"
      />
      {network.data && !network.data.enabled && (
        <Alert color="orange" variant="light">
          {t('phone.disabled')}
        </Alert>
      )}
      <div className={classes.phone}>
        <div className={classes.screenTop}>
          <Avatar color="brand" radius="xl" size="md">
            <IconBuildingStore size={20} aria-hidden />
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text fw={700} size="sm" truncate>
              {name || t('phone.workspace')}
            </Text>
            <Text size="xs" c="dimmed">
              <span dir="ltr">{network.data?.address}</span>
            </Text>
          </Stack>
        </div>
        <PhoneThread
          messages={thread.data}
          loading={Boolean(number) && thread.isPending}
          error={badNumber ? null : thread.error}
        />
        <PhoneComposer disabled={!network.data?.enabled} sending={send.isPending} onSend={sendMessage} />
      </div>
    </Drawer>
  );
}
