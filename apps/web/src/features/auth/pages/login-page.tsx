import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginBody } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { homeFor, safeRedirectTarget } from '../../../lib/routing/access';
import { PageLoader } from '../../../components/page-loader';
import { session } from '../../../lib/session';
import { useLogin } from '../api/use-login';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { ProviderButtons } from '../components/provider-buttons';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAuthNotifications } from '../hooks/use-auth-notifications';
import { useRedirectSignedIn } from '../hooks/use-redirect-signed-in';
import { checkForm, preloadValidation } from '../lib/validation';

type LoginValues = Required<LoginBody>;

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirecting = useRedirectSignedIn();
  const notify = useAuthNotifications();
  const errorMessage = useApiErrorMessage();
  const login = useLogin();
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '', rememberMe: true },
  });
  const { search } = useLocation();

  const submit = form.onSubmit(async (values) => {
    if (!(await checkForm(form, 'login', t))) return;
    login.mutate(values, {
      onSuccess: (answer) => {
        // Two-factor on: the code step (its own page, with the same `to`) finishes the sign-in.
        if ('twoFactorRequired' in answer) {
          const state = { challenge: answer.challenge, rememberMe: values.rememberMe };
          return void navigate({ pathname: '/pages/two-factor', search }, { state });
        }
        if (!('userData' in answer) || !answer.userData) {
          notify.signInError(errorMessage(answer, t('notifications.wrongCredentials')));
          return;
        }
        session.signIn(answer.userData, answer.accessToken, values.rememberMe);
        // Spec §4: e-mail sign-in lands on the control panel; editors, who may not open it, on Home.
        void navigate(safeRedirectTarget(searchParams.get('to'), homeFor(answer.userData.userRole)), { replace: true });
      },
      onError: (error) => notify.signInError(errorMessage(error)),
    });
  });

  if (redirecting) return <PageLoader />;
  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={<AuthFooterLink question={t('login.noAccount')} label={t('login.createAccount')} to="/pages/register" />}
    >
      <form onSubmit={submit} onFocus={preloadValidation} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            placeholder={t('placeholders.email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox label={t('fields.rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor component={Link} to="/pages/forgot-password" size="sm" fw={500}>
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <ProviderButtons />
    </AuthLayout>
  );
}
