import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedApiKeyResponse } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevelopersText } from '../developers-text';
import { CopyCode } from '../../../components/copy-code';
import { CreateKeyForm } from './create-key-form';
import { SmsgateCredentials } from './smsgate-credentials';

interface CreateKeyModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Creates a key, then shows its secret this once: the server keeps only a hash, and the secret is
 * held in this dialog's state alone (never in the query cache), gone when the dialog closes.
 */
export function CreateKeyModal({ opened, onClose }: CreateKeyModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={created ? t('create.created.title') : t('create.title')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      // A click beside the dialog must not throw the only copy of the secret away.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="warning" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {t('create.created.warning')}
          </Alert>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('create.created.secret', { name: created.apiKey.name })}
            </Text>
            <CopyCode label={t('create.created.secret', { name: created.apiKey.name })} code={created.secret} />
          </Stack>
          <SmsgateCredentials credentials={created.basicAuth} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('create.created.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <CreateKeyForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}
