import { Stack, Text, Title } from '@mantine/core';
import type { CreatedApiKeyResponse } from '@switchboard/contract';
import { useDevelopersText } from '../developers-text';
import { smsgateBaseUrl } from '../lib/first-call';
import { CopyCode } from '../../../components/copy-code';

/**
 * A new key's Basic credentials for the SMSGate-compatible API, shown once beside its secret,
 * with the base URL an SMSGate client is given instead of the public cloud's.
 */
export function SmsgateCredentials({ credentials }: { credentials: CreatedApiKeyResponse['basicAuth'] }) {
  const t = useDevelopersText();
  const rows = [
    { label: t('create.created.smsgate.baseUrl'), code: smsgateBaseUrl(window.location.origin) },
    { label: t('create.created.smsgate.username'), code: credentials.username },
    { label: t('create.created.smsgate.password'), code: credentials.password },
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('create.created.smsgate.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('create.created.smsgate.hint')}
      </Text>
      {rows.map((row) => (
        <Stack gap={4} key={row.label}>
          <Text fw={600} size="sm">
            {row.label}
          </Text>
          <CopyCode label={row.label} code={row.code} />
        </Stack>
      ))}
    </Stack>
  );
}
