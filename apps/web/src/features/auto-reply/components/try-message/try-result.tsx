import { Alert, Paper, Stack, Text } from '@mantine/core';
import type { TryAutoReplyResult } from '@switchboard/contract';
import { IconMessageReply, IconMessageOff } from '@tabler/icons-react';
import { formatDateTime } from '../../../../lib/format';
import { useAutoReplyText } from '../../auto-reply-text';
import { isolateLtr } from '../../../../lib/isolate';
import classes from './try-message.module.css';

/** What the rules would do: the rule and its reply, or why nothing would be sent (and until when). */
export function TryResult({ result }: { result: TryAutoReplyResult }) {
  const t = useAutoReplyText();
  if (result.outcome === 'reply') {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconMessageReply size={20} aria-hidden />}
        title={t('try.replyTitle', { rule: result.rule.name })}
        data-testid="try-result"
      >
        <Stack gap={6}>
          <Paper className={classes.bubble} radius="lg" p="sm" aria-label={t('try.replyLabel')} role="group">
            <Text size="sm" dir="auto" className={classes.text}>
              {result.reply}
            </Text>
          </Paper>
          <Text size="xs" c="dimmed">
            {t('try.replyMeta', { encoding: result.encoding, n: result.segments })}
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMessageOff size={20} aria-hidden />}
      title={t('try.noneTitle')}
      data-testid="try-result"
      data-reason={result.reason}
    >
      <Stack gap={4}>
        <Text size="sm">{t(`try.reasons.${result.reason}`, { rule: result.rule?.name ?? '' })}</Text>
        {result.retryAt && (
          <Text size="sm">{t('try.retryAt', { time: isolateLtr(formatDateTime(result.retryAt)) })}</Text>
        )}
      </Stack>
    </Alert>
  );
}
