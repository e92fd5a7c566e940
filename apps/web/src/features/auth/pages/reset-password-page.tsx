import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@switchboard/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/use-reset-password';
import { AuthLayout } from '../components/auth-layout';
import { BackToLogin } from '../components/back-to-login';
import { PasswordField } from '../components/password-field';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { checkForm, passwordsMatch, preloadValidation, serverFieldErrors } from '../lib/validation';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const errorMessage = useApiErrorMessage();
  const reset = useResetPassword();
  const form = useForm<ResetValues>({
    initialValues: { password: '', confirmPassword: '' },
  });

  const submit = form.onSubmit(async ({ password }) => {
    if (!(await checkForm(form, 'resetPassword', t, passwordsMatch(t)))) return;
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
            form.setErrors(serverFieldErrors(error.fields));
          }
        },
      },
    );
  });

  // A missing, unknown, used or expired link: say so and offer a new one. Field errors stay on the fields.
  const apiError = reset.error instanceof ApiError ? reset.error : null;
  const tokenRejected =
    apiError?.code === 'INVALID_RESET_TOKEN' || Boolean(apiError?.fields?.some((f) => f.path === 'body.token'));
  let problem: string | null = null;
  if (!token) problem = t('reset.missingToken');
  else if (tokenRejected) problem = errorMessage({ code: 'INVALID_RESET_TOKEN' });
  else if (reset.isError && apiError?.code !== 'VALIDATION_FAILED') problem = errorMessage(reset.error);
  const linkRejected = !token || tokenRejected;

  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={linkRejected ? undefined : t('reset.subtitle', { min: PASSWORD_MIN_LENGTH })}
      footer={<BackToLogin />}
    >
      {reset.isSuccess ? (
        <Alert color="green" variant="light" title={t('reset.doneTitle')} icon={<IconCircleCheck aria-hidden />}>
          {t('reset.done')}
        </Alert>
      ) : (
        <Stack gap="md">
          {problem && (
            <Alert
              color="red"
              variant="light"
              title={linkRejected ? t('reset.failedTitle') : t('notifications.errorTitle')}
              icon={<IconAlertTriangle aria-hidden />}
            >
              {problem}
            </Alert>
          )}
          {linkRejected && (
            <Button component={Link} to="/pages/forgot-password" variant="light" fullWidth>
              {t('reset.requestNew')}
            </Button>
          )}
          {token && !tokenRejected && (
            <form onSubmit={submit} onFocus={preloadValidation} noValidate>
              <Stack gap="md">
                <PasswordField
                  label={t('fields.newPassword')}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('password')}
                />
                <PasswordField
                  label={t('fields.confirmPassword')}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('confirmPassword')}
                />
                <Button type="submit" fullWidth loading={reset.isPending}>
                  {t('reset.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </AuthLayout>
  );
}
