import { Button, Stack } from '@mantine/core';
import type { TeamUser, UpdateTeamUserBody } from '@switchboard/contract';
import { IconBan, IconCircleCheck, IconShieldDown, IconShieldUp, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useRemoveTeamUser } from '../api/use-remove-team-user';
import { useUpdateTeamUser } from '../api/use-update-team-user';
import { useTeamText } from '../team-text';

type Asking = 'demote' | 'block' | 'deactivate' | 'remove';

/**
 * Role and status changes and removal. Promoting, unblocking and reactivating act at once; the
 * ones that take something away ask first. Each acts on the user's open sessions at once (the
 * server's `user.updated` / `session.revoked`); LAST_ADMIN and the like come back translated.
 */
export function UserActions({ user }: { user: TeamUser }) {
  const t = useTeamText();
  const navigate = useNavigate();
  const notify = useFeatureNotifications(t('notifications.errorTitle'));
  const update = useUpdateTeamUser();
  const remove = useRemoveTeamUser();
  const [asking, setAsking] = useState<Asking | null>(null);
  const name = user.displayName;

  const change = (body: Pick<UpdateTeamUserBody, 'role' | 'status'>) =>
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (saved) => {
          setAsking(null);
          notify.success(
            body.role
              ? t('actions.roleChanged', { name, role: t(`roles.${saved.role}`) })
              : t('actions.statusChanged', { name, status: t(`statuses.${saved.status}`) }),
          );
        },
        onError: (error) => {
          setAsking(null);
          notify.failure(error);
        },
      },
    );
  const removeUser = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        notify.success(t('actions.removed', { name }));
        void navigate('/apps/user/user-list', { replace: true });
      },
      onError: (error) => {
        setAsking(null);
        notify.failure(error);
      },
    });

  const confirmations: Record<
    Asking,
    { title: string; text: string; label: string; icon: ReactNode; run: () => void }
  > = {
    demote: {
      title: t('actions.demoteTitle', { name }),
      text: t('actions.demoteText', { name }),
      label: t('actions.makeEditor'),
      icon: <IconShieldDown size={16} aria-hidden />,
      run: () => change({ role: 'editor' }),
    },
    block: {
      title: t('actions.blockTitle', { name }),
      text: t('actions.blockText', { name }),
      label: t('actions.block'),
      icon: <IconBan size={16} aria-hidden />,
      run: () => change({ status: 'blocked' }),
    },
    deactivate: {
      title: t('actions.deactivateTitle', { name }),
      text: t('actions.deactivateText', { name }),
      label: t('actions.deactivate'),
      icon: <IconUserOff size={16} aria-hidden />,
      run: () => change({ status: 'deactivated' }),
    },
    remove: {
      title: t('actions.removeTitle', { name }),
      text: t('actions.removeText', { name }),
      label: t('actions.remove'),
      icon: <IconTrash size={16} aria-hidden />,
      run: removeUser,
    },
  };
  const open = asking ? confirmations[asking] : null;
  const busy = update.isPending || remove.isPending;

  return (
    <Stack gap="xs">
      {user.role === 'editor' ? (
        <Button
          variant="default"
          leftSection={<IconShieldUp size={16} aria-hidden />}
          loading={update.isPending && update.variables?.body.role === 'admin'}
          disabled={busy}
          onClick={() => change({ role: 'admin' })}
        >
          {t('actions.makeAdmin')}
        </Button>
      ) : (
        <Button
          variant="default"
          leftSection={<IconShieldDown size={16} aria-hidden />}
          disabled={busy}
          onClick={() => setAsking('demote')}
        >
          {t('actions.makeEditor')}
        </Button>
      )}
      {user.status === 'active' ? (
        <>
          <Button
            variant="default"
            leftSection={<IconBan size={16} aria-hidden />}
            disabled={busy}
            onClick={() => setAsking('block')}
          >
            {t('actions.block')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconUserOff size={16} aria-hidden />}
            disabled={busy}
            onClick={() => setAsking('deactivate')}
          >
            {t('actions.deactivate')}
          </Button>
        </>
      ) : (
        <Button
          variant="default"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          loading={update.isPending && update.variables?.body.status === 'active'}
          disabled={busy}
          onClick={() => change({ status: 'active' })}
        >
          {user.status === 'blocked' ? t('actions.unblock') : t('actions.activate')}
        </Button>
      )}
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        disabled={busy}
        onClick={() => setAsking('remove')}
      >
        {t('actions.remove')}
      </Button>
      <ConfirmModal
        opened={open !== null}
        title={open?.title ?? ''}
        text={open?.text ?? ''}
        confirmLabel={open?.label ?? ''}
        icon={open?.icon}
        loading={busy}
        onConfirm={() => open?.run()}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
