import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateInvitationBodySchema, type UserRole } from '@switchboard/contract';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useCreateInvitation } from '../api/invitations';
import { useTeamText } from '../team-text';

interface InviteValues {
  email: string;
  role: UserRole;
}

/** Codes about the address that was typed: shown on its field. */
const EMAIL_CODES = new Set(['EMAIL_IN_USE', 'VALIDATION_FAILED']);

/** "Invite a colleague": e-mail and role; the server mails a link valid 7 days. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useTeamText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const notify = useFeatureNotifications(t('notifications.errorTitle'));
  const create = useCreateInvitation();
  const form = useForm<InviteValues>({ initialValues: { email: '', role: 'editor' } });

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const parsed = CreateInvitationBodySchema.safeParse(values);
    if (!parsed.success) return form.setFieldError('email', t('invite.invalidEmail'));
    create.mutate(parsed.data, {
      onSuccess: (invitation) => {
        notify.success(t('invite.sent', { email: invitation.email }));
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && EMAIL_CODES.has(error.code)) form.setFieldError('email', errorMessage(error));
        else notify.failure(error);
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('invite.title')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('invite.text')}
          </Text>
          <TextInput
            data-autofocus
            required
            type="email"
            autoComplete="off"
            dir="ltr"
            label={t('invite.email')}
            placeholder={t('invite.emailPlaceholder')}
            {...form.getInputProps('email')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="invite-role-label">
              {t('invite.role')}
            </Text>
            <SegmentedControl
              aria-labelledby="invite-role-label"
              data={[
                { value: 'editor', label: t('roles.editor') },
                { value: 'admin', label: t('roles.admin') },
              ]}
              {...form.getInputProps('role')}
            />
            <Text size="xs" c="dimmed">
              {t(`roleHelp.${form.values.role}`)}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tCommon('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
