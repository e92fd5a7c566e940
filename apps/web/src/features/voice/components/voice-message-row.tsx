import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { VoiceMessage } from '@switchboard/contract';
import { IconMicrophone } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { formatLength } from '../lib/format-duration';
import { useVoiceText } from '../voice-text';
import classes from './voice-message-list.module.css';

interface VoiceMessageRowProps {
  message: VoiceMessage;
  networkName: string | undefined;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** One voice message in the list: caller, time, network, duration, transcript; unlistened in bold with a dot. */
export function VoiceMessageRow({ message, networkName, selected, onSelect }: VoiceMessageRowProps) {
  const t = useVoiceText();
  const caller = message.contact.name ?? message.contact.phoneNumber;
  // Numbers, times and transcripts keep their own direction inside an Arabic (right-to-left) page.
  return (
    <UnstyledButton
      className={classes.row}
      data-unlistened={message.listened ? undefined : ''}
      data-selected={selected ? '' : undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(message.id)}
      data-testid="voice-message-row"
    >
      <span className={classes.dot} aria-hidden />
      <span className={classes.rowBody}>
        <span className={classes.line}>
          <Text
            component="span"
            size="sm"
            fw={message.listened ? 500 : 700}
            truncate
            className={classes.caller}
            dir={message.contact.name ? 'auto' : 'ltr'}
          >
            {caller}
          </Text>
          {!message.listened && <VisuallyHidden>{t('list.unlistened')}</VisuallyHidden>}
          <Text component="span" size="xs" className={`${classes.meta} ${classes.time}`}>
            <span dir="ltr">{formatDateTime(message.createdAt)}</span>
          </Text>
        </span>
        <span className={classes.line}>
          <Text component="span" size="xs" truncate className={classes.meta}>
            {message.contact.name && (
              <>
                <span dir="ltr">{message.contact.phoneNumber}</span>
                {' · '}
              </>
            )}
            {networkName ?? t('list.unknownNetwork')}
          </Text>
          <Text component="span" size="xs" className={`${classes.meta} ${classes.duration}`}>
            <IconMicrophone size={13} aria-hidden />
            <span dir="ltr">{formatLength(message.durationSeconds)}</span>
          </Text>
        </span>
        <Text
          component="span"
          size="xs"
          truncate
          fs={message.transcript ? undefined : 'italic'}
          dir={message.transcript ? 'auto' : undefined}
          className={message.transcript ? classes.snippet : `${classes.snippet} ${classes.meta}`}
        >
          {message.transcript ?? t('list.noTranscript')}
        </Text>
      </span>
    </UnstyledButton>
  );
}
