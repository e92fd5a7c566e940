import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryState } from '@switchboard/contract';
import { IconRepeat } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { isolateLtr } from '../../../lib/isolate';
import { useDevelopersText } from '../developers-text';
import classes from './developers.module.css';

const STATE_COLOR: Record<WebhookDeliveryState, string> = {
  pending: 'gray',
  delivering: 'blue',
  succeeded: 'green',
  failed: 'red',
};

function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const t = useDevelopersText();
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <Stack gap={4} component="li">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('webhooks.deliveries.attempt', { n: attempt.attempt })}
        </Text>
        <Badge size="sm" variant="light" color={ok ? 'green' : 'red'} tt="none" className={classes.badge}>
          {attempt.statusCode === null
            ? t('webhooks.deliveries.noAnswer')
            : t('webhooks.deliveries.status', { code: attempt.statusCode })}
        </Badge>
        <Text size="xs" className={classes.quietLabel}>
          {t('webhooks.deliveries.duration', { ms: attempt.durationMs })} ·{' '}
          {isolateLtr(formatDateTime(attempt.startedAt))}
        </Text>
      </Group>
      {attempt.error && (
        <Text size="sm" className={classes.failure} dir="ltr">
          {attempt.error}
        </Text>
      )}
      {attempt.responseExcerpt && (
        <Code block dir="ltr" className={classes.excerpt} aria-label={t('webhooks.deliveries.response')}>
          {attempt.responseExcerpt}
        </Code>
      )}
    </Stack>
  );
}

interface DeliveryItemProps {
  delivery: WebhookDelivery;
  resending: boolean;
  onResend: (delivery: WebhookDelivery) => void;
}

/** One delivery: its event, where it stands, and every try with the receiver's answer. */
export function DeliveryItem({ delivery, resending, onResend }: DeliveryItemProps) {
  const t = useDevelopersText();
  const created = isolateLtr(formatDateTime(delivery.createdAt));
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-delivery-id={delivery.id}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Code dir="ltr">{delivery.eventType}</Code>
            <Badge
              color={STATE_COLOR[delivery.state]}
              variant="light"
              className={delivery.state === 'pending' ? `${classes.badge} ${classes.quietLabel}` : classes.badge}
            >
              {t(`webhooks.deliveries.state.${delivery.state}`)}
            </Badge>
            <Text size="xs" className={classes.quietLabel}>
              {created}
            </Text>
          </Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRepeat size={14} aria-hidden />}
            loading={resending}
            aria-label={t('webhooks.deliveries.resendLabel', { event: delivery.eventType, time: created })}
            onClick={() => onResend(delivery)}
          >
            {t('webhooks.deliveries.resend')}
          </Button>
        </Group>
        {delivery.attempts.length === 0 ? (
          <Text size="sm" className={classes.quietLabel}>
            {t('webhooks.deliveries.noAttempts')}
          </Text>
        ) : (
          <Stack gap="sm" component="ol" className={classes.list}>
            {delivery.attempts.map((attempt) => (
              <AttemptLine key={attempt.attempt} attempt={attempt} />
            ))}
          </Stack>
        )}
        {delivery.nextAttemptAt && (
          <Text size="xs" className={classes.quietLabel}>
            {t('webhooks.deliveries.nextAttempt', { time: isolateLtr(formatDateTime(delivery.nextAttemptAt)) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
