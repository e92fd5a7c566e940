import { Badge, Text, VisuallyHidden } from '@mantine/core';
import type { Conversation } from '@switchboard/contract';
import { memo } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useConversationsText } from '../conversations-text';
import { listTime } from '../lib/list-time';
import classes from './conversation-list.module.css';

interface ConversationRowProps {
  conversation: Conversation;
  networkName: string;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** One thread in the list: who, where, the newest message, when, unread and opted-out marks. */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  networkName,
  selected,
  onSelect,
}: ConversationRowProps) {
  const t = useConversationsText();
  const { contact, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <button
      type="button"
      className={classes.item}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(conversation.id)}
    >
      <span className={classes.line}>
        <Text span size="sm" fw={unread ? 700 : 500} className={classes.grow} dir="auto">
          {contact.name || <span dir="ltr">{contact.phoneNumber}</span>}
        </Text>
        <Text span size="xs" className={classes.muted}>
          <time dateTime={conversation.lastMessageAt} title={formatDateTime(conversation.lastMessageAt)} dir="ltr">
            {listTime(conversation.lastMessageAt)}
          </time>
        </Text>
      </span>
      <span className={classes.line}>
        <Text span size="sm" className={unread ? classes.grow : `${classes.grow} ${classes.muted}`} dir="auto">
          {conversation.lastMessagePreview}
        </Text>
        {unread && (
          <>
            <Badge size="sm" circle={unreadCount < 10} aria-hidden>
              {unreadCount}
            </Badge>
            <VisuallyHidden>{t('list.unreadCount', { n: unreadCount })}</VisuallyHidden>
          </>
        )}
      </span>
      <span className={classes.line}>
        <Text span size="xs" className={`${classes.grow} ${classes.muted}`}>
          {networkName}
          {contact.name && (
            <>
              {' · '}
              <span dir="ltr">{contact.phoneNumber}</span>
            </>
          )}
        </Text>
        {contact.optedOutAt && (
          <Badge size="xs" color="red" variant="light">
            {t('list.optedOut')}
          </Badge>
        )}
      </span>
    </button>
  );
});
