import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '../api/use-forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { BackToLogin } from '../components/back-to-login';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAuthNotifications } from '../hooks/use-auth-notifications';
import { checkForm, preloadValidation } from '../lib/validation';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const notify = useAuthNotifications();
  const errorMessage = useApiErrorMessage();
  const forgot = useForgotPassword();
  const form = useForm({ initialValues: { email: '' } });

  const submit = form.onSubmit(async ({ email }) => {
    if (!(await checkForm(form, 'forgotPassword', t))) return;
    forgot.mutate(email.trim(), { onError: (error) => notify.signInError(errorMessage(error)) });
  });

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={<BackToLogin />}>
      {forgot.isSuccess ? (
        // Neutral on purpose: the answer never tells whether the address has an account.
        <Alert color="green" variant="light" title={t('forgot.sentTitle')} icon={<IconMailCheck aria-hidden />}>
          {t('forgot.sent', { email: forgot.variables })}
        </Alert>
      ) : (
        <form onSubmit={submit} onFocus={preloadValidation} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              placeholder={t('placeholders.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={forgot.isPending}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
