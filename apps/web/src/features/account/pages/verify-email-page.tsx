import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { AuthLayout } from '../../auth/public';
import { useAccountText } from '../account-text';
import { accountKeys } from '../api/account-keys';
import { useVerifyEmail } from '../api/use-email-and-password';

/**
 * /pages/verify-email?token=… (a full page, anyone): opens the link that confirms a new e-mail
 * address. The token works once, so it is sent once, however often the page renders.
 */
export default function VerifyEmailPage() {
  const t = useAccountText();
  const errorMessage = useApiErrorMessage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || token.length < 10) return;
    sent.current = true;
    verify.mutate(token, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.all }) });
  }, [token, verify, queryClient]);

  const onward = user ? (
    <Button component={Link} to="/pages/user-settings/UserSettings?section=email" fullWidth>
      {t('verify.toSettings')}
    </Button>
  ) : (
    <Button component={Link} to="/pages/login" fullWidth>
      {t('verify.toLogin')}
    </Button>
  );

  let body;
  if (token.length < 10) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {t('verify.noToken')}
      </Alert>
    );
  } else if (verify.isSuccess) {
    body = (
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('verify.done')}
      </Alert>
    );
  } else if (verify.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {errorMessage(verify.error)}
      </Alert>
    );
  } else {
    body = (
      <Stack align="center" gap="sm" py="md" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('verify.checking')}
        </Text>
      </Stack>
    );
  }

  return (
    <AuthLayout title={t('verify.title')}>
      <Stack gap="lg">
        {body}
        {(verify.isSuccess || verify.isError || token.length < 10) && onward}
      </Stack>
    </AuthLayout>
  );
}
