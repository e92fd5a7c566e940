import { Button, Group, Modal, Text } from '@mantine/core';
import type { ApiKey } from '@switchboard/contract';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRevokeApiKey } from '../api/use-revoke-api-key';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';

interface RevokeKeyModalProps {
  /** The key to revoke; null keeps the dialog closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}

/** Asks before revoking: a revoked key never works again. */
export function RevokeKeyModal({ apiKey, onClose }: RevokeKeyModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const notify = useDevelopersNotifications();
  const revoke = useRevokeApiKey();

  const confirm = (target: ApiKey) =>
    revoke.mutate(target.id, {
      onSuccess: () => {
        notify.success(t('revoke.done', { name: target.name }));
        onClose();
      },
      onError: notify.failure,
    });

  return (
    <Modal
      opened={apiKey !== null}
      onClose={onClose}
      title={apiKey ? t('revoke.title', { name: apiKey.name }) : ''}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <Text size="sm">{t('revoke.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {tCommon('cancel')}
        </Button>
        <Button
          color="red"
          loading={revoke.isPending}
          leftSection={<IconBan size={18} aria-hidden />}
          onClick={() => apiKey && confirm(apiKey)}
        >
          {t('revoke.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
