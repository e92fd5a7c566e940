import type { ApiKey } from '@switchboard/contract';
import { IconBan } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
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
    <ConfirmModal
      opened={apiKey !== null}
      onClose={onClose}
      title={apiKey ? t('revoke.title', { name: apiKey.name }) : ''}
      text={t('revoke.text')}
      confirmLabel={t('revoke.confirm')}
      icon={<IconBan size={18} aria-hidden />}
      loading={revoke.isPending}
      onConfirm={() => apiKey && confirm(apiKey)}
    />
  );
}
