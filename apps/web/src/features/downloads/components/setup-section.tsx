import { Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDownloadsText } from '../downloads-text';
import { CopyCode } from '../../../components/copy-code';
import classes from './downloads.module.css';

/** Where the networks page opens its "Add New Network" wizard. */
const ADD_NETWORK_PATH = '/views/networks?add=1';

interface SetupSectionProps {
  /** This server's mobile API URL, what the app's "API URL" field needs. */
  mobileUrl: string;
}

/** Pairing a phone in private-server mode, step by step, with this server's API URL filled in. */
export function SetupSection({ mobileUrl }: SetupSectionProps) {
  const t = useDownloadsText();
  const steps: Array<{ id: 'install' | 'network' | 'settings' | 'online'; extra?: ReactNode }> = [
    { id: 'install' },
    {
      id: 'network',
      extra: (
        <Button
          component={Link}
          to={ADD_NETWORK_PATH}
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('setup.network.action')}
        </Button>
      ),
    },
    { id: 'settings', extra: <CopyCode label={t('setup.settings.url')} code={mobileUrl} /> },
    { id: 'online' },
  ];
  return (
    <Card component="section" aria-labelledby="downloads-setup" radius="lg" padding="xl" className={classes.card}>
      <Title order={2} size="h3" id="downloads-setup">
        {t('setup.title')}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="lg">
        {t('setup.subtitle')}
      </Text>
      <List
        type="ordered"
        listStyleType="none"
        className={classes.steps}
        classNames={{ itemWrapper: classes.stepWrapper, itemLabel: classes.stepLabel }}
      >
        {steps.map(({ id, extra }, index) => (
          <List.Item
            key={id}
            className={classes.step}
            icon={
              <ThemeIcon size={30} radius="xl" variant="light" color="brand" aria-hidden>
                <Text fw={700} size="sm" component="span">
                  {index + 1}
                </Text>
              </ThemeIcon>
            }
          >
            <Stack gap={6}>
              <Title order={3} size="h5">
                {t(`setup.${id}.title`)}
              </Title>
              <Text size="sm">{t(`setup.${id}.text`)}</Text>
              {extra}
            </Stack>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
