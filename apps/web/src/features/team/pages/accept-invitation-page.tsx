import { Alert, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconMailOpened } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { homeFor } from '../../../lib/routing/access';
import { session } from '../../../lib/session';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { AuthLayout, PasswordField } from '../../auth/public';
import { useAcceptInvitation, useInvitationPreview } from '../api/accept-invitation';
import { acceptFormErrors, type AcceptValues } from '../lib/accept-form';
import { formatWhen } from '../lib/team-format';
import { useTeamText } from '../team-text';

/**
 * /pages/accept-invitation?token=… (anyone): what the link invites to (workspace, e-mail, role, who
 * invited), then name and password; the new account is signed in like a sign-up and sent into the
 * app. A link that can't be used says why.
 */
export default function AcceptInvitationPage() {
  const t = useTeamText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const errorMessage = useApiErrorMessage();
  const notify = useFeatureNotifications(t('notifications.errorTitle'));
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const form = useForm<AcceptValues>({ initialValues: { displayName: '', password: '', confirmPassword: '' } });

  const submit = form.onSubmit(async (values) => {
    const errors = acceptFormErrors(values, token, t);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0 || !preview.data) return;
    try {
      const signedIn = await accept.mutateAsync({ token, displayName: values.displayName, password: values.password });
      // The server keeps a new account's session like "Remember me", as for a sign-up.
      session.signIn(signedIn.userData, signedIn.accessToken, true);
      notify.success(t('accept.joined', { workspace: preview.data.workspaceName }));
      void navigate(homeFor(signedIn.userData.userRole), { replace: true });
    } catch (error) {
      // INVITATION_INVALID (used or revoked meanwhile) shows as the page's problem below.
      if (!(error instanceof ApiError && error.code === 'INVITATION_INVALID')) notify.failure(error);
    }
  });

  // Why the link can't be used, in the user's language when the server says which reason.
  const reason = (error: unknown) =>
    error instanceof ApiError && error.invitationProblem
      ? t(`accept.reasons.${error.invitationProblem}`)
      : errorMessage(error);
  const linkProblem = !token
    ? t('accept.missingToken')
    : preview.isError
      ? reason(preview.error)
      : accept.error instanceof ApiError && accept.error.code === 'INVITATION_INVALID'
        ? reason(accept.error)
        : null;

  if (linkProblem) {
    return (
      <AuthLayout title={t('accept.invalidTitle')}>
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {linkProblem}
          </Alert>
          <Button component={Link} to="/pages/login" variant="light" fullWidth>
            {t('accept.toLogin')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  const invitation = preview.data;
  if (!invitation) {
    return (
      <AuthLayout title={t('accept.loading')}>
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={16} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      </AuthLayout>
    );
  }
  const role = t(`roles.${invitation.role}`);
  return (
    <AuthLayout title={t('accept.title', { workspace: invitation.workspaceName })} subtitle={t('accept.subtitle')}>
      <Stack gap="md">
        <Alert color="brand" variant="light" icon={<IconMailOpened aria-hidden />} data-testid="invitation-preview">
          <Text size="sm">
            {invitation.invitedBy
              ? t('accept.invitedBy', { name: invitation.invitedBy, role })
              : t('accept.invited', { role })}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('accept.expires', { date: formatWhen(invitation.expiresAt) })}
          </Text>
        </Alert>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('accept.email')}
              value={invitation.email}
              dir="ltr"
              variant="filled"
              readOnly
              autoComplete="username"
            />
            <TextInput
              label={t('user.fields.displayName')}
              autoComplete="name"
              required
              data-autofocus
              {...form.getInputProps('displayName')}
            />
            <PasswordField
              label={t('accept.password')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('accept.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth loading={accept.isPending}>
              {t('accept.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}
