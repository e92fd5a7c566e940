import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../../lib/routing/access';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { useRegister } from '../api/use-register';
import { useSaveRegistration } from '../api/use-save-registration';
import { AuthFooterLink } from '../components/auth-footer-link';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { ProviderButtons } from '../components/provider-buttons';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAuthNotifications } from '../hooks/use-auth-notifications';
import { useRedirectSignedIn } from '../hooks/use-redirect-signed-in';
import { checkForm, passwordsMatch, preloadValidation, serverFieldErrors } from '../lib/validation';

interface RegisterValues {
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirecting = useRedirectSignedIn();
  const notify = useAuthNotifications();
  const errorMessage = useApiErrorMessage();
  const register = useRegister();
  const saveRegistration = useSaveRegistration();
  const form = useForm<RegisterValues>({
    initialValues: { displayName: '', email: '', password: '', confirmPassword: '' },
  });

  function showServerError(error: unknown) {
    if (error instanceof ApiError && error.code === 'EMAIL_IN_USE') {
      form.setFieldError('email', errorMessage(error));
    } else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields?.length) {
      form.setErrors(serverFieldErrors(error.fields));
    } else {
      notify.signInError(errorMessage(error));
    }
  }

  const submit = form.onSubmit(async ({ displayName, email, password }) => {
    if (!(await checkForm(form, 'register', t, passwordsMatch(t)))) return;
    let signedIn;
    try {
      signedIn = await register.mutateAsync({ displayName, email, password });
    } catch (error) {
      showServerError(error);
      return;
    }
    // The server keeps a new sign-up's session like "Remember me".
    session.signIn(signedIn.userData, signedIn.accessToken, true);
    notify.accountCreated();
    // Spec §7: the registration details follow; the account exists either way.
    await saveRegistration.mutateAsync({ displayName, email }).catch((error: unknown) => console.error(error));
    void navigate(safeRedirectTarget(searchParams.get('to')), { replace: true });
  });

  if (redirecting) return <PageLoader />;
  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={<AuthFooterLink question={t('register.haveAccount')} label={t('register.signIn')} to="/pages/login" />}
    >
      <form onSubmit={submit} onFocus={preloadValidation} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.displayName')}
            placeholder={t('placeholders.displayName')}
            autoComplete="name"
            required
            {...form.getInputProps('displayName')}
          />
          <TextInput
            label={t('fields.email')}
            placeholder={t('placeholders.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
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
          <Button type="submit" fullWidth loading={register.isPending || saveRegistration.isPending}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <ProviderButtons />
    </AuthLayout>
  );
}
