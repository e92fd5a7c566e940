import { ActionIcon, Alert, Group, Stack, Textarea, Tooltip } from '@mantine/core';
import { MAX_MESSAGE_LENGTH, type Conversation } from '@switchboard/contract';
import { IconAlertTriangle, IconBan, IconSend } from '@tabler/icons-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { SmsCounter, Ucs2Warning } from '../../../components/sms-counter';
import { ApiError } from '../../../lib/api-client';
import { replaceWithGsm7 } from '../../../lib/gsm-replacements';
import { countSms } from '../../../lib/sms-count';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useSendReply } from '../api/use-send-reply';
import { useConversationsText } from '../conversations-text';
import classes from './thread.module.css';

/** Errors that say the reply cannot go out at all (rather than "try again"). */
const BLOCKING = new Set(['CONTACT_OPTED_OUT', 'NETWORK_DISABLED']);

/**
 * The reply box: a live count of characters, encoding and SMS parts, the characters that force
 * UCS-2 with a one-click replacement, Enter to send and Shift+Enter for a new line. Disabled,
 * with the reason, for a contact who opted out.
 */
export function Composer({ conversation }: { conversation: Conversation }) {
  const t = useConversationsText();
  const errorMessage = useApiErrorMessage();
  const [text, setText] = useState('');
  const count = useMemo(() => countSms(text), [text]);
  const send = useSendReply();
  const optedOut = conversation.contact.optedOutAt !== null;
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const blocked = send.error instanceof ApiError && BLOCKING.has(send.error.code) ? send.error : null;
  const canSend = !optedOut && !tooLong && text.trim().length > 0;

  const submit = () => {
    if (!canSend) return;
    const body = text;
    setText('');
    send.mutate(
      { conversation, body },
      // Not sent: the text comes back, unless something new was typed meanwhile.
      { onError: () => setText((current) => current || body) },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className={classes.composer}>
      {optedOut && (
        <Alert
          color="red"
          variant="light"
          icon={<IconBan size={18} aria-hidden />}
          title={t('composer.optedOutTitle')}
          mb="xs"
          id="composer-reason"
        >
          {t('composer.optedOutText')}
        </Alert>
      )}
      {!optedOut && send.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('composer.sendFailed')}
          mb="xs"
          role="alert"
        >
          {blocked?.code === 'NETWORK_DISABLED' ? t('composer.networkDisabled') : errorMessage(send.error)}
        </Alert>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          flex={1}
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          disabled={optedOut}
          aria-describedby={optedOut ? 'composer-reason' : 'composer-counter'}
          error={tooLong ? t('composer.tooLong', { max: MAX_MESSAGE_LENGTH }) : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (send.isError) send.reset();
          }}
          onKeyDown={onKeyDown}
          dir="auto"
        />
        <Tooltip label={t('composer.send')}>
          <ActionIcon size={36} radius="md" aria-label={t('composer.send')} disabled={!canSend} onClick={submit}>
            <IconSend size={18} aria-hidden className={classes.sendIcon} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {!optedOut && (
        <Stack gap={4} mt={4}>
          <SmsCounter count={count} testId="sms" id="composer-counter" withLeft />
          <Ucs2Warning
            count={count}
            title={t('composer.ucs2Title')}
            testId="ucs2-warning"
            onReplace={() => setText((current) => replaceWithGsm7(current).text)}
          />
        </Stack>
      )}
    </div>
  );
}
