import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChangePasswordBodySchema } from '@switchboard/contract';
import { IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useChangePassword } from '../api/use-email-and-password';
import { isWrongPassword } from '../lib/failures';
import { PasswordField } from '../../auth/public';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The current password, a new one twice; every other session is signed out (said before and after). */
export function PasswordSection() {
  const t = useAccountText();
  const notify = useFeatureNotifications(t('password.failed'));
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = form.onSubmit((values) => {
    const parsed = ChangePasswordBodySchema.safeParse(values);
    const errors: Record<string, string> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= field === 'currentPassword' ? t('password.required') : t('password.tooWeak');
    }
    if (values.confirmPassword !== values.newPassword) errors.confirmPassword = t('password.mismatch');
    if (!parsed.success || Object.keys(errors).length > 0) return form.setErrors(errors);
    change.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        notify.success(t('password.changed'));
      },
      onError: (error) => {
        if (isWrongPassword(error)) form.setFieldError('currentPassword', t('password.wrong'));
        notify.failure(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('password.othersSignedOut')}
        </Alert>
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label={t('password.new')}
          description={t('password.rules')}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending} leftSection={<IconKey size={18} aria-hidden />}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
