import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { isolateLtr } from '../../../lib/isolate';
import { useDevelopersText } from '../developers-text';
import { firstCurlCommand } from '../lib/first-call';
import { CopyCode } from '../../../components/copy-code';
import classes from './developers.module.css';

/** Where the interactive reference lives (served by the server, outside the app). */
export const API_DOCS_PATH = '/api/docs';

interface ApiOverviewProps {
  baseUrl: string;
  /** The SMSGate-compatible API's base URL on this server. */
  smsgateBaseUrl: string;
  /** The newest working key's visible prefix; undefined when there is none. */
  keyPrefix: string | undefined;
}

/** The API's base URL, a first call with the newest key's prefix, the SMSGate-compatible API's base URL, and the reference's link. */
export function ApiOverview({ baseUrl, smsgateBaseUrl, keyPrefix }: ApiOverviewProps) {
  const t = useDevelopersText();
  const titleId = useId();
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {t('intro.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('intro.text')}
          </Text>
        </div>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('intro.baseUrl')}
          </Text>
          <CopyCode label={t('intro.baseUrl')} code={baseUrl} />
        </Stack>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('intro.firstCall')}
          </Text>
          <CopyCode label={t('intro.firstCall')} code={firstCurlCommand(baseUrl, keyPrefix)} />
          <Text size="xs" c="dimmed">
            {keyPrefix ? t('intro.firstCallHint', { prefix: isolateLtr(`${keyPrefix}…`) }) : t('intro.firstCallNoKey')}
          </Text>
        </Stack>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('intro.smsgateBaseUrl')}
          </Text>
          <CopyCode label={t('intro.smsgateBaseUrl')} code={smsgateBaseUrl} />
          <Text size="xs" c="dimmed">
            {t('intro.smsgateHint')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBook size={20} aria-hidden />
          <div>
            <Anchor href={API_DOCS_PATH} target="_blank" rel="noopener" fw={600}>
              {t('intro.docs')} <IconExternalLink size={14} aria-hidden />
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('intro.docsHint')}
            </Text>
          </div>
        </Group>
      </Stack>
    </Card>
  );
}
