import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ApiKey } from '@switchboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useApiKeys } from '../api/use-api-keys';
import { ApiKeysTable } from '../components/api-keys-table';
import { ApiOverview } from '../components/api-overview';
import { CreateKeyModal } from '../components/create-key-modal';
import classes from '../components/developers.module.css';
import { BasicAuthModal } from '../components/basic-auth-modal';
import { RevokeKeyModal } from '../components/revoke-key-modal';
import { WebhooksSection } from '../components/webhooks-section';
import { useDevelopersText } from '../developers-text';
import { apiBaseUrl, newestActiveKey, smsgateBaseUrl } from '../lib/first-call';

/**
 * /views/developers (admins): the developer API's base URL and a first call, the interactive
 * reference, the workspace's API keys (create with the secret shown once, revoke) and its outgoing
 * webhooks (endpoints, signing secrets, the delivery log).
 */
export default function DevelopersPage() {
  const t = useDevelopersText();
  const errorMessage = useApiErrorMessage();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [renewing, setRenewing] = useState<ApiKey | null>(null);
  const titleId = useId();
  const apiKeys = keys.data ?? [];

  return (
    <Stack gap="xl">
      <ApiOverview
        baseUrl={apiBaseUrl(window.location.origin)}
        smsgateBaseUrl={smsgateBaseUrl(window.location.origin)}
        keyPrefix={newestActiveKey(apiKeys)?.prefix}
      />
      <Card withBorder padding="lg" radius="md" className={classes.card} component="section" aria-labelledby={titleId}>
        <Group justify="space-between" mb="md">
          <Title order={2} size="h3" id={titleId}>
            {t('keys.title')}
          </Title>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {t('keys.create')}
          </Button>
        </Group>
        {keys.isPending ? (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label={t('keys.title')} />
          </Group>
        ) : keys.isError ? (
          <Alert color="red" title={t('keys.loadFailed')} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(keys.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void keys.refetch()}>
                {t('keys.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : apiKeys.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('keys.empty')}
          </Text>
        ) : (
          <ApiKeysTable apiKeys={apiKeys} onRevoke={setRevoking} onBasicAuth={setRenewing} />
        )}
      </Card>
      <WebhooksSection />
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <RevokeKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
      <BasicAuthModal apiKey={renewing} onClose={() => setRenewing(null)} />
    </Stack>
  );
}
