import { ActionIcon, Textarea, Tooltip } from '@mantine/core';
import { MAX_MESSAGE_LENGTH } from '@switchboard/contract';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNetworksText } from '../../networks-text';
import classes from './virtual-phone.module.css';

interface PhoneComposerProps {
  disabled: boolean;
  sending: boolean;
  /** Resolves true when the message was taken (the box is then emptied). */
  onSend: (body: string) => Promise<boolean>;
}

/** The phone's text box: Enter sends, Shift+Enter starts a new line. */
export function PhoneComposer({ disabled, sending, onSend }: PhoneComposerProps) {
  const t = useNetworksText();
  const [body, setBody] = useState('');
  const empty = body.trim().length === 0;

  const send = async () => {
    if (empty || disabled || sending) return;
    if (await onSend(body)) setBody('');
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Textarea
        aria-label={t('phone.compose')}
        placeholder={t('phone.placeholder')}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={MAX_MESSAGE_LENGTH}
        radius="xl"
        style={{ flex: 1 }}
        disabled={disabled}
      />
      <Tooltip label={t('phone.send')} withArrow>
        <ActionIcon
          type="submit"
          size={36}
          radius="xl"
          variant="filled"
          aria-label={t('phone.send')}
          loading={sending}
          disabled={disabled || empty}
        >
          <IconSend size={18} className={classes.sendIcon} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </form>
  );
}
