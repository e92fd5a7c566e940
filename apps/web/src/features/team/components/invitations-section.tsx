import { Alert, Button, Card, Group, Loader, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Invitation } from '@switchboard/contract';
import { IconBan, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';
import { formatWhen } from '../lib/team-format';
import { useTeamText } from '../team-text';
import classes from './team.module.css';
import { InvitationStateBadge, RoleBadge } from './user-badges';

/** The workspace's invitations: e-mail, role, state, who invited, expiry; resend (pending or expired) and revoke (pending). */
export function InvitationsSection() {
  const t = useTeamText();
  const titleId = useId();
  const errorMessage = useApiErrorMessage();
  const notify = useFeatureNotifications(t('notifications.errorTitle'));
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const resendOne = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => notify.success(t('invitations.resent', { email: invitation.email })),
      onError: notify.failure,
    });
  const revokeOne = (invitation: Invitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        notify.success(t('invitations.revoked', { email: invitation.email }));
        setRevoking(null);
      },
      onError: notify.failure,
    });

  const list = invitations.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('invitations.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('invitations.subtitle')}
      </Text>
      {invitations.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t('invitations.title')} />
        </Group>
      ) : invitations.isError ? (
        <Alert color="red" title={t('invitations.loadFailed')} role="alert">
          {errorMessage(invitations.error)}
        </Alert>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('invitations.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" fz="sm" aria-label={t('invitations.caption')} data-testid="team-invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invitations.columns.email')}</Table.Th>
                <Table.Th>{t('invitations.columns.role')}</Table.Th>
                <Table.Th>{t('invitations.columns.state')}</Table.Th>
                <Table.Th>{t('invitations.columns.invitedBy')}</Table.Th>
                <Table.Th>{t('invitations.columns.expires')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('invitations.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((invitation) => (
                <Table.Tr key={invitation.id} data-invitation-id={invitation.id}>
                  <Table.Td dir="ltr">{invitation.email}</Table.Td>
                  <Table.Td>
                    <RoleBadge role={invitation.role} />
                  </Table.Td>
                  <Table.Td>
                    <InvitationStateBadge state={invitation.state} />
                  </Table.Td>
                  <Table.Td>{invitation.invitedBy ?? t('user.none')}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatWhen(invitation.expiresAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      {(invitation.state === 'pending' || invitation.state === 'expired') && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconSend size={16} aria-hidden />}
                          loading={resend.isPending && resend.variables === invitation.id}
                          aria-label={t('invitations.resendLabel', { email: invitation.email })}
                          onClick={() => resendOne(invitation)}
                        >
                          {t('invitations.resend')}
                        </Button>
                      )}
                      {invitation.state === 'pending' && (
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          leftSection={<IconBan size={16} aria-hidden />}
                          aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                          onClick={() => setRevoking(invitation)}
                        >
                          {t('invitations.revoke')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={revoking !== null}
        title={t('invitations.revokeTitle')}
        text={t('invitations.revokeText', { email: revoking?.email ?? '' })}
        confirmLabel={t('invitations.revoke')}
        icon={<IconBan size={16} aria-hidden />}
        loading={revoke.isPending}
        onConfirm={() => revoking && revokeOne(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
