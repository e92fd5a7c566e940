import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { WebhookEndpoint } from '@switchboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useWebhooks } from '../api/use-webhooks';
import { useDevelopersText } from '../developers-text';
import { AddWebhookModal } from './add-webhook-modal';
import { DeleteWebhookModal } from './delete-webhook-modal';
import classes from './developers.module.css';
import { EditWebhookModal } from './edit-webhook-modal';
import { RotateSecretModal } from './rotate-secret-modal';
import { SmsgateSigningKey } from './smsgate-signing-key';
import { WebhookItem, type WebhookAction } from './webhook-item';
import { WebhookLogDrawer } from './webhook-log-drawer';

/** The workspace's webhook endpoints, their dialogs and the delivery log drawer. */
export function WebhooksSection() {
  const t = useDevelopersText();
  const errorMessage = useApiErrorMessage();
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<{ action: WebhookAction; id: string } | null>(null);
  const titleId = useId();
  const list = webhooks.data ?? [];
  // The dialogs read the cached endpoint, so an edit or rotation shows in them at once.
  const target = (action: WebhookAction) =>
    open?.action === action ? (list.find((webhook) => webhook.id === open.id) ?? null) : null;
  const close = () => setOpen(null);
  const onAction = (action: WebhookAction, webhook: WebhookEndpoint) => setOpen({ action, id: webhook.id });

  return (
    <Card withBorder padding="lg" radius="md" className={classes.card} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id={titleId}>
          {t('webhooks.title')}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          {t('webhooks.add')}
        </Button>
      </Group>
      <Text size="sm" mb="md" className={classes.quietLabel}>
        {t('webhooks.intro')}
      </Text>
      {webhooks.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('webhooks.title')} />
        </Group>
      ) : webhooks.isError ? (
        <Alert color="red" title={t('webhooks.loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(webhooks.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void webhooks.refetch()}>
              {t('webhooks.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('webhooks.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" className={classes.list} aria-label={t('webhooks.listLabel')}>
          {list.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onAction={onAction} />
          ))}
        </Stack>
      )}
      {list.some((webhook) => webhook.format === 'smsgate') && <SmsgateSigningKey />}
      <AddWebhookModal opened={adding} onClose={() => setAdding(false)} />
      <EditWebhookModal webhook={target('edit')} onClose={close} />
      <RotateSecretModal webhook={target('rotate')} onClose={close} />
      <DeleteWebhookModal webhook={target('delete')} onClose={close} />
      <WebhookLogDrawer webhook={target('log')} onClose={close} />
    </Card>
  );
}
