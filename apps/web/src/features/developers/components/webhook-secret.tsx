import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { WebhookWithSecretResponse } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { isolateLtr } from '../../../lib/isolate';
import { useDevelopersText } from '../developers-text';
import { CopyCode } from '../../../components/copy-code';

interface WebhookSecretProps {
  shown: WebhookWithSecretResponse;
  onDone: () => void;
}

/** A signing secret, this once, with a copy button; after a rotation, until when the old one signs. */
export function WebhookSecret({ shown, onDone }: WebhookSecretProps) {
  const t = useDevelopersText();
  const label = t('webhooks.secretShown.label', { url: isolateLtr(shown.webhook.url) });
  const overlapUntil = shown.webhook.previousSecretExpiresAt;
  return (
    <Stack gap="md">
      <Alert color="warning" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        {t('webhooks.secretShown.warning')}
      </Alert>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <CopyCode label={label} code={shown.secret} />
      </Stack>
      {overlapUntil && (
        <Text size="sm">{t('webhooks.secretShown.overlap', { time: isolateLtr(formatDateTime(overlapUntil)) })}</Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('webhooks.secretShown.done')}</Button>
      </Group>
    </Stack>
  );
}
