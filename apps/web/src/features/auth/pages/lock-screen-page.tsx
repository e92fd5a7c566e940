import { Avatar, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../../lib/routing/access';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useUnlock } from '../api/use-unlock';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAuthNotifications } from '../hooks/use-auth-notifications';
import { checkForm, preloadValidation } from '../lib/validation';

/** Asks the signed-in user's password, then returns to where they were (`to`). */
export default function LockScreenPage() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const notify = useAuthNotifications();
  const errorMessage = useApiErrorMessage();
  const unlock = useUnlock();
  const form = useForm({ initialValues: { password: '' } });

  const submit = form.onSubmit(async ({ password }) => {
    if (!(await checkForm(form, 'unlock', t))) return;
    unlock.mutate(password, {
      onSuccess: () => void navigate(safeRedirectTarget(searchParams.get('to'), '/home'), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
          form.setFieldError('password', errorMessage(error));
        } else {
          notify.signInError(errorMessage(error));
        }
      },
    });
  });

  // The guard sends anonymous visitors to login; this covers the moment of signing out.
  if (!user) return null;
  return (
    <AuthLayout
      title={t('lock.title')}
      subtitle={t('lock.subtitle')}
      header={
        <Stack align="center" gap={4} mb="lg">
          <Avatar
            src={user.photoURL}
            name={user.displayName}
            color="brand"
            variant="filled"
            size={72}
            radius="xl"
            alt=""
          />
          <Text fw={600} size="lg">
            {user.displayName}
          </Text>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        </Stack>
      }
    >
      <form onSubmit={submit} onFocus={preloadValidation} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            autoFocus
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={unlock.isPending}>
            {t('lock.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
