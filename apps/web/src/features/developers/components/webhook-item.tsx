import { ActionIcon, Badge, Button, Code, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@switchboard/contract';
import { IconDots, IconEdit, IconList, IconPower, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { isolateLtr } from '../../../lib/isolate';
import { useSendTestEvent } from '../api/use-send-test-event';
import { useUpdateWebhook } from '../api/use-update-webhook';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';
import classes from './developers.module.css';

export type WebhookAction = 'log' | 'edit' | 'rotate' | 'delete';

interface WebhookItemProps {
  webhook: WebhookEndpoint;
  onAction: (action: WebhookAction, webhook: WebhookEndpoint) => void;
}

/** One endpoint: its address, events, whether it receives them (and why not), its secret's prefix. */
export function WebhookItem({ webhook, onAction }: WebhookItemProps) {
  const t = useDevelopersText();
  const notify = useDevelopersNotifications();
  const test = useSendTestEvent();
  const url = isolateLtr(webhook.url);
  const smsgate = webhook.format === 'smsgate' ? webhook.smsgate : null;
  const update = useUpdateWebhook();
  const toggle = () =>
    update.mutate({ id: webhook.id, body: { enabled: !webhook.enabled } }, { onError: notify.failure });
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        notify.success(t('webhooks.testSent', { url }));
        onAction('log', webhook);
      },
      onError: notify.failure,
    });

  return (
    <Paper component="li" withBorder p="md" radius="md" data-webhook-id={webhook.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" dir="ltr" className={classes.url}>
            {webhook.url}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {smsgate && (
              <Badge color="grape" variant="light" className={classes.badge}>
                {t('webhooks.smsgateFormat')}
              </Badge>
            )}
            <Badge color={webhook.enabled ? 'green' : 'gray'} variant="light" className={classes.badge}>
              {webhook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
            </Badge>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('webhooks.actions', { url })}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {/* An SMSGate webhook's event belongs to its client, its key is the workspace's SMSGate key:
                    no edit or rotate, only off and on (on again after the server turned it off). */}
                {!smsgate && (
                  <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onAction('edit', webhook)}>
                    {t('webhooks.edit')}
                  </Menu.Item>
                )}
                {smsgate && (
                  <Menu.Item leftSection={<IconPower size={16} aria-hidden />} onClick={toggle}>
                    {webhook.enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
                  </Menu.Item>
                )}
                {!smsgate && (
                  <Menu.Item
                    leftSection={<IconRefresh size={16} aria-hidden />}
                    onClick={() => onAction('rotate', webhook)}
                  >
                    {t('webhooks.rotate')}
                  </Menu.Item>
                )}
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onAction('delete', webhook)}
                >
                  {t('webhooks.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Group gap={4}>
          {(smsgate ? [smsgate.event] : webhook.events).map((type) => (
            <Badge key={type} variant="outline" radius="sm" tt="none" dir="ltr" className={classes.badge}>
              {type}
            </Badge>
          ))}
        </Group>
        {webhook.disabledReason && (
          <Text size="sm" className={classes.failure}>
            {t('webhooks.disabledBecause', { reason: webhook.disabledReason })}
          </Text>
        )}
        {webhook.failingSince && (
          <Text size="sm" className={classes.warning}>
            {t('webhooks.failingSince', { time: isolateLtr(formatDateTime(webhook.failingSince)) })}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Stack gap={2}>
            <Text size="xs" className={classes.quietLabel}>
              {smsgate ? (
                t('webhooks.smsgateSigned')
              ) : (
                <Code dir="ltr">{t('webhooks.secret', { prefix: webhook.secretPrefix })}</Code>
              )}
            </Text>
            {webhook.previousSecretExpiresAt && (
              <Text size="xs" className={classes.quietLabel}>
                {t('webhooks.previousSecret', {
                  time: isolateLtr(formatDateTime(webhook.previousSecretExpiresAt)),
                })}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSend size={14} aria-hidden />}
              loading={test.isPending}
              onClick={sendTest}
            >
              {t('webhooks.test')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconList size={14} aria-hidden />}
              onClick={() => onAction('log', webhook)}
            >
              {t('webhooks.log')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
