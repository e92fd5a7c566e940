import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNetworksText } from '../../networks-text';

// Loaded with the pairing details only: the QR encoder stays out of every other chunk.
const RegistrationQrCodes = lazy(() => import('./registration-qr-codes'));

interface RegistrationQrSectionProps {
  serverUrl: string;
  token: string;
}

/** The API URL and the token as QR codes to scan from the phone into its clipboard. */
export function RegistrationQrSection({ serverUrl, token }: RegistrationQrSectionProps) {
  const t = useNetworksText();
  const values = [
    { label: t('android.serverUrl'), value: serverUrl },
    { label: t('android.token'), value: token },
  ];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('android.qr.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('android.qr.text')}
      </Text>
      <Suspense fallback={<Skeleton height={182} radius="md" />}>
        <RegistrationQrCodes values={values} />
      </Suspense>
    </Stack>
  );
}
