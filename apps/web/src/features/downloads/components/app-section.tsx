import { Badge, Button, Card, Group, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconBook, IconBrandAndroid, IconBrandGithub } from '@tabler/icons-react';
import { isolateLtr } from '../../../lib/isolate';
import { useDownloadsText } from '../downloads-text';
import { SMSGATE_APP } from '../lib/smsgate';
import classes from './downloads.module.css';

const FACTS = ['version', 'android', 'license', 'where'] as const;

/** What the SMSGate app is, where to get it and which version is known to work. */
export function AppSection() {
  const t = useDownloadsText();
  const newTab = <VisuallyHidden>{t('app.newTab')}</VisuallyHidden>;
  return (
    <Card
      component="section"
      aria-labelledby="downloads-app"
      radius="lg"
      padding="xl"
      className={`${classes.card} ${classes.heroCard}`}
    >
      <div className={classes.hero}>
        <Stack gap="md" align="flex-start">
          <Group gap="sm">
            <ThemeIcon size={44} radius="md" variant="light" color="success">
              <IconBrandAndroid size={26} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <Badge variant="light" color="brand" size="lg" tt="none">
              {t('app.eyebrow')}
            </Badge>
          </Group>
          <Title order={2} id="downloads-app" className={classes.heroTitle}>
            {t('app.title')}
          </Title>
          <Text maw={640}>{t('app.text')}</Text>
          <Group gap="sm">
            <Button
              component="a"
              href={SMSGATE_APP.releasesUrl}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconBrandGithub size={18} aria-hidden />}
            >
              {t('app.download')}
              {newTab}
            </Button>
            <Button
              component="a"
              href={SMSGATE_APP.docsUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconBook size={18} aria-hidden />}
            >
              {t('app.docs')}
              {newTab}
            </Button>
          </Group>
        </Stack>
        <Paper withBorder radius="md" p="md" aria-label={t('app.factsLabel')} component="section">
          <dl className={classes.facts}>
            {FACTS.map((fact) => (
              <div key={fact}>
                <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
                  {t(`app.facts.${fact}`)}
                </Text>
                <Text component="dd" size="sm" mt={2}>
                  {t(`app.facts.${fact}Value`, { version: isolateLtr(SMSGATE_APP.knownVersion) })}
                </Text>
              </div>
            ))}
          </dl>
        </Paper>
      </div>
    </Card>
  );
}
