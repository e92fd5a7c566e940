import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { MAX_MESSAGE_LENGTH, type VoiceMessage } from '@switchboard/contract';
import { IconAlertTriangle, IconCheck, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useReplyBySms } from '../api/use-reply-by-sms';
import { useVoiceText } from '../voice-text';

/** A text message to the caller in their conversation: Enter sends, Shift+Enter starts a new line. */
export function ReplyBySms({ message }: { message: VoiceMessage }) {
  const t = useVoiceText();
  const errorMessage = useApiErrorMessage();
  const reply = useReplyBySms();
  const [body, setBody] = useState('');
  const titleId = useId();
  const optedOut = Boolean(message.contact.optedOutAt);
  const empty = body.trim().length === 0;
  const caller = message.contact.name ?? message.contact.phoneNumber;

  const send = () => {
    if (empty || optedOut || reply.isPending) return;
    reply.mutate({ conversationId: message.conversationId, body }, { onSuccess: () => setBody('') });
  };

  return (
    <Stack
      component="form"
      gap="xs"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Title order={3} size="h6" id={titleId}>
        {t('reply.title')}
      </Title>
      {optedOut && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {t('reply.optedOut')}
        </Alert>
      )}
      <Textarea
        aria-label={t('reply.label', { caller })}
        placeholder={t('reply.placeholder')}
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          if (reply.isSuccess || reply.isError) reply.reset();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={MAX_MESSAGE_LENGTH}
        disabled={optedOut}
        error={reply.isError ? errorMessage(reply.error) : undefined}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="teal.8" role="status" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          {reply.isSuccess && (
            <>
              <IconCheck size={14} aria-hidden />
              {t('reply.sent')}
            </>
          )}
        </Text>
        <Button
          type="submit"
          size="sm"
          leftSection={<IconSend size={16} aria-hidden />}
          loading={reply.isPending}
          disabled={optedOut || empty}
        >
          {t('reply.send')}
        </Button>
      </Group>
    </Stack>
  );
}
