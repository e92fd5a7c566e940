import { Anchor, Card, Grid, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconBrandNpm, IconCode } from '@tabler/icons-react';
import { useDownloadsText } from '../downloads-text';
import { CLIENT_PACKAGE, clientExample } from '../lib/smsgate';
import { CopyCode } from '../../../components/copy-code';
import classes from './downloads.module.css';

interface ClientSectionProps {
  /** This server's SMSGate-compatible third-party API. */
  thirdPartyUrl: string;
}

/** The `android-sms-gateway` npm client against this server's third-party API. */
export function ClientSection({ thirdPartyUrl }: ClientSectionProps) {
  const t = useDownloadsText();
  return (
    <Card component="section" aria-labelledby="downloads-client" radius="lg" padding="xl" className={classes.card}>
      <Group gap="sm" wrap="nowrap" mb="md">
        <ThemeIcon size={36} radius="md" variant="light" color="brand">
          <IconCode size={20} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3" id="downloads-client">
          {t('client.title')}
        </Title>
      </Group>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Text size="sm">{t('client.text')}</Text>
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('client.baseUrl')}
              </Text>
              <CopyCode label={t('client.baseUrl')} code={thirdPartyUrl} />
            </Stack>
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('client.install')}
              </Text>
              <CopyCode label={t('client.install')} code={`npm install ${CLIENT_PACKAGE.name}`} />
            </Stack>
            <Anchor href={CLIENT_PACKAGE.npmUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={6} component="span" wrap="nowrap">
                <IconBrandNpm size={18} aria-hidden />
                {t('client.npm')}
                <VisuallyHidden>{t('app.newTab')}</VisuallyHidden>
              </Group>
            </Anchor>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('client.example')}
            </Text>
            <CopyCode label={t('client.example')} code={clientExample(thirdPartyUrl)} />
            <Text size="xs" c="dimmed">
              {t('client.credentials')}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
