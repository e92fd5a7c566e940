import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChangeEmailBodySchema, type Account } from '@switchboard/contract';
import { IconMailForward } from '@tabler/icons-react';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useChangeEmail } from '../api/use-email-and-password';
import { isWrongPassword } from '../lib/failures';
import { PasswordField } from '../../auth/public';

/** The address in use (verified or not), a pending new one, and the change: a link to the new address. */
export function EmailSection({ account }: { account: Account }) {
  const t = useAccountText();
  const notify = useFeatureNotifications(t('email.failed'));
  const change = useChangeEmail();
  const form = useForm({ initialValues: { email: '', password: '' } });

  const submit = form.onSubmit((values) => {
    const parsed = ChangeEmailBodySchema.safeParse(values);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      return form.setErrors({
        ...(fields.has('email') ? { email: t('email.invalid') } : {}),
        ...(fields.has('password') ? { password: t('password.required') } : {}),
      });
    }
    if (parsed.data.email === account.email.toLowerCase()) return form.setErrors({ email: t('email.same') });
    change.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        notify.success(t('email.sent', { email: parsed.data.email }));
      },
      onError: (error) => {
        if (isWrongPassword(error)) form.setFieldError('password', t('password.wrong'));
        notify.failure(error);
      },
    });
  });

  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          {t('email.current')}
        </Text>
        <Group gap="sm">
          <Text fw={600} dir="ltr" data-testid="current-email">
            {account.email}
          </Text>
          <Badge color={account.isVerified ? 'green' : 'orange'} variant="light">
            {account.isVerified ? t('email.verified') : t('email.unverified')}
          </Badge>
        </Group>
      </div>
      {account.pendingEmail && (
        <Alert color="blue" icon={<IconMailForward aria-hidden />} title={t('email.pendingTitle')}>
          <Text size="sm">{t('email.pending', { email: account.pendingEmail })}</Text>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <TextInput
            label={t('email.new')}
            type="email"
            autoComplete="email"
            dir="ltr"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group>
            <Button type="submit" loading={change.isPending} leftSection={<IconMailForward size={18} aria-hidden />}>
              {t('email.submit')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('email.hint')}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
