import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKey, ApiKeyBasicAuthResponse } from '@switchboard/contract';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIssueBasicAuth } from '../api/use-issue-basic-auth';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';
import { SmsgateCredentials } from './smsgate-credentials';

interface BasicAuthModalProps {
  /** The key to give a new SMSGate login; null keeps the dialog closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}

/**
 * Asks, then makes a key's new SMSGate user name and password and shows them this once (a key
 * made before the SMSGate API has none; a leaked password is replaced without revoking the key).
 */
export function BasicAuthModal({ apiKey, onClose }: BasicAuthModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const notify = useDevelopersNotifications();
  const issue = useIssueBasicAuth();
  const [issued, setIssued] = useState<ApiKeyBasicAuthResponse | null>(null);
  const close = () => {
    setIssued(null);
    onClose();
  };
  const confirm = (target: ApiKey) => issue.mutate(target.id, { onSuccess: setIssued, onError: notify.failure });

  return (
    <Modal
      opened={apiKey !== null}
      onClose={close}
      title={apiKey ? t('basicAuth.title', { name: apiKey.name }) : ''}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      // A click beside the dialog must not throw the only copy of the password away.
      closeOnClickOutside={!issued}
      size="lg"
    >
      {issued ? (
        <Stack gap="md">
          <Alert color="warning" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {t('basicAuth.warning')}
          </Alert>
          <SmsgateCredentials credentials={issued.basicAuth} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('create.created.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Text size="sm">{t('basicAuth.text')}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              {tCommon('cancel')}
            </Button>
            <Button
              leftSection={<IconKey size={18} aria-hidden />}
              loading={issue.isPending}
              onClick={() => apiKey && confirm(apiKey)}
            >
              {t('basicAuth.confirm')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
