import { Stack, Text, Title } from '@mantine/core';
import type { HttpSettingsView } from '../../lib/settings-view';
import { useNetworksText } from '../../networks-text';
import { CopyField } from '../copy-field';
import classes from './network-settings.module.css';

/** The addresses an HTTP provider calls: set them on the number at the provider. */
export function WebhooksSection({ settings }: { settings: HttpSettingsView }) {
  const t = useNetworksText();
  return (
    <Stack gap="sm" className={classes.section}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {t('settings.webhooks.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.webhooks.text')}
      </Text>
      <CopyField label={t('settings.webhooks.sms')} value={settings.smsWebhookUrl} />
      <CopyField label={t('settings.webhooks.status')} value={settings.statusCallbackUrl} />
    </Stack>
  );
}
