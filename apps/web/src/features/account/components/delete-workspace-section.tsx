import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { WorkspaceProfile } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useDeleteWorkspace } from '../api/use-workspace-profile';
import { isWrongPassword } from '../lib/failures';
import { PasswordField } from '../../auth/public';
import classes from './settings.module.css';

/** The danger zone: deleting the workspace, confirmed by typing its name and the password. */
export function DeleteWorkspaceSection({ profile }: { profile: WorkspaceProfile }) {
  const t = useAccountText();
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const notify = useFeatureNotifications(t('delete.failed'));
  const remove = useDeleteWorkspace();
  const [opened, setOpened] = useState(false);
  const name = profile.workspace.name;
  const form = useForm({ initialValues: { confirm: '', password: '' } });
  const close = () => {
    setOpened(false);
    form.reset();
  };

  const submit = form.onSubmit((values) => {
    if (values.confirm !== name) return form.setErrors({ confirm: t('delete.mismatch') });
    if (!values.password) return form.setErrors({ password: t('password.required') });
    remove.mutate(values, {
      onSuccess: () => {
        // Everything of the workspace is gone, this session included.
        session.signOut('signed-out');
        void navigate('/pages/login', { replace: true });
      },
      onError: (error) => {
        if (isWrongPassword(error)) form.setFieldError('password', t('password.wrong'));
        if (error instanceof ApiError && error.code === 'CONFIRMATION_MISMATCH')
          form.setFieldError('confirm', t('delete.mismatch'));
        notify.failure(error);
      },
    });
  });

  return (
    <div className={classes.danger}>
      <Stack gap="sm" align="flex-start">
        <Text fw={600} c="red">
          {t('delete.title')}
        </Text>
        <Text size="sm">{t('delete.text')}</Text>
        <Button color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setOpened(true)}>
          {t('delete.button')}
        </Button>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        title={t('delete.confirmTitle', { name })}
        closeButtonProps={{ 'aria-label': tCommon('close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('delete.confirmText')}</Text>
            <TextInput
              label={t('delete.typeName', { name })}
              autoComplete="off"
              required
              data-autofocus
              {...form.getInputProps('confirm')}
            />
            <PasswordField
              label={t('password.current')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              disabled={form.getValues().confirm !== name}
              leftSection={<IconTrash size={18} aria-hidden />}
            >
              {t('delete.confirm')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </div>
  );
}
