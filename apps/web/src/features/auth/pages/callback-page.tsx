import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { BackToLogin } from '../components/back-to-login';

/** The hosted identity provider's answer: `#error=…&error_description=…` when sign-in failed. */
function readHashError(hash: string): { name: string; description: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const name = params.get('error');
  return name ? { name, description: params.get('error_description') } : null;
}

/** Return point of the hosted identity provider sign-in (spec §2, §8). */
export default function CallbackPage() {
  const { t } = useTranslation('auth');
  const { hash } = useLocation();
  const error = readHashError(hash);

  if (error) {
    return (
      <AuthLayout title={t('callback.failedTitle')} footer={<BackToLogin />}>
        <Alert
          color="red"
          variant="light"
          title={t('callback.errorName', { name: error.name })}
          icon={<IconAlertTriangle aria-hidden />}
        >
          {error.description}
        </Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('callback.title')} footer={<BackToLogin />}>
      <Stack align="center" gap="sm" py="md" role="status">
        <Loader aria-hidden />
        <Text c="dimmed" size="sm" ta="center">
          {t('callback.subtitle')}
        </Text>
      </Stack>
    </AuthLayout>
  );
}
