import { ActionIcon, Alert, Button, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { MAX_MESSAGE_LENGTH, type Conversation } from '@switchboard/contract';
import { IconAlertTriangle, IconBan, IconSend, IconWand } from '@tabler/icons-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useSendReply } from '../api/use-send-reply';
import { useConversationsText } from '../conversations-text';
import { replaceWithGsm7 } from '../../../lib/gsm-replacements';
import { countSms } from '../../../lib/sms-count';
import classes from './thread.module.css';
import { MarkedCharacters } from '../../../components/marked-characters';

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
        <Text
          component="div"
          size="xs"
          c="dimmed"
          mt={4}
          className={classes.counter}
          id="composer-counter"
          data-testid="sms-counter"
        >
          <span>{t('composer.characters', { n: count.characters })}</span>
          <span data-testid="sms-encoding">{count.encoding}</span>
          <span data-testid="sms-segments">{t('composer.segments', { n: count.segments })}</span>
          {count.segments > 0 && <span>{t('composer.left', { n: count.left })}</span>}
        </Text>
      )}
      {!optedOut && count.ucs2Characters.length > 0 && (
        <Group gap="xs" mt={4} align="center" data-testid="ucs2-warning">
          <Text size="xs">
            {t('composer.ucs2Title')} <MarkedCharacters characters={count.ucs2Characters} />
          </Text>
          {count.replaceable.length > 0 && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconWand size={14} aria-hidden />}
              onClick={() => setText((current) => replaceWithGsm7(current).text)}
            >
              {t('composer.replace')}
            </Button>
          )}
        </Group>
      )}
    </div>
  );
}
