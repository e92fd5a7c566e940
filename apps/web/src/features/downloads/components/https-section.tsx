import { Alert, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { isolateLtr } from '../../../lib/isolate';
import { useDownloadsText } from '../downloads-text';
import classes from './downloads.module.css';

interface HttpsSectionProps {
  mobileUrl: string;
  https: boolean;
}

/** Why the app needs https (its network-security config), and whether this server has it. */
export function HttpsSection({ mobileUrl, https }: HttpsSectionProps) {
  const t = useDownloadsText();
  return (
    <Card component="section" aria-labelledby="downloads-https" radius="lg" padding="xl" className={classes.card}>
      <Group gap="sm" wrap="nowrap" mb="md">
        <ThemeIcon size={36} radius="md" variant="light" color="brand">
          <IconLock size={20} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3" id="downloads-https">
          {t('https.title')}
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm">{t('https.text')}</Text>
        <Text size="sm" c="dimmed">
          {t('https.testing')}
        </Text>
        {https ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
            {t('https.secure')}
          </Alert>
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('https.insecureTitle')}>
            {t('https.insecureText', { url: isolateLtr(mobileUrl) })}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
