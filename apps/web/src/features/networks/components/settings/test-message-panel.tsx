import { Alert, Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Network } from '@switchboard/contract';
import { IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { useFollowedMessage } from '../../api/use-followed-message';
import { useSendTestMessage } from '../../api/use-send-test-message';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworksNotifications } from '../../hooks/use-networks-notifications';
import { checkTestMessage, serverFieldErrors } from '../../lib/network-validation';
import { useNetworksText } from '../../networks-text';
import { PanelCard } from './panel-card';

const STATE_COLORS = {
  queued: 'gray',
  sending: 'blue',
  sent: 'cyan',
  delivered: 'success',
  failed: 'red',
  received: 'gray',
  cancelled: 'gray',
};

interface TestMessagePanelProps {
  network: Network;
  /** The card's title (none under the narrow layout's tabs, which name it). */
  title?: string;
  grow: boolean;
}

/** Sends one message through the network; its state follows live. The send button never scrolls away. */
export function TestMessagePanel({ network, title, grow }: TestMessagePanelProps) {
  const t = useNetworksText();
  const notify = useNetworksNotifications();
  const errorMessage = useApiErrorMessage();
  const formId = useId();
  const send = useSendTestMessage();
  const [sentId, setSentId] = useState<string | null>(null);
  const { data: sent } = useFollowedMessage(sentId);
  const form = useForm({ initialValues: { to: '', body: t('settings.testMessage.bodyDefault') } });

  const submit = form.onSubmit((values) => {
    const checked = checkTestMessage(values, t);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    send.mutate(
      { id: network.id, body: checked.data },
      {
        onSuccess: ({ message }) => {
          setSentId(message.id);
          notify.success(t('settings.testMessage.sent'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.length) {
            const translated = error.code === 'VALIDATION_FAILED' ? undefined : errorMessage(error);
            form.setErrors(serverFieldErrors(null, error.fields, translated));
          } else {
            notify.failure(error);
          }
        },
      },
    );
  });

  return (
    <PanelCard
      title={title}
      description={t('settings.testMessage.text')}
      grow={grow}
      footer={
        <Group justify="space-between" gap="sm" wrap="nowrap">
          {sent ? (
            <Group gap="xs" aria-live="polite" wrap="nowrap" miw={0}>
              <Text size="xs" c="dimmed" truncate>
                {t('settings.testMessage.state')}
              </Text>
              <Badge variant="light" color={STATE_COLORS[sent.state]} data-testid="test-message-state">
                {t(`phone.states.${sent.state}`)}
              </Badge>
            </Group>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            form={formId}
            loading={send.isPending}
            disabled={!network.enabled}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            {t('settings.testMessage.send')}
          </Button>
        </Group>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!network.enabled && (
            <Alert color="orange" variant="light" py="xs">
              {t('settings.testMessage.disabled')}
            </Alert>
          )}
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('settings.testMessage.to')}
              placeholder={t('settings.testMessage.toPlaceholder')}
              required
              dir="ltr"
              inputMode="tel"
              autoComplete="off"
              w={{ base: '100%', xs: 170 }}
              {...form.getInputProps('to')}
            />
            <Textarea
              label={t('settings.testMessage.body')}
              required
              autosize
              minRows={1}
              maxRows={4}
              style={{ flex: 1, minWidth: 200 }}
              {...form.getInputProps('body')}
            />
          </Group>
          {sent?.state === 'failed' && sent.errorText && (
            <Text size="xs" c="red">
              {sent.errorText}
            </Text>
          )}
        </Stack>
      </form>
    </PanelCard>
  );
}
