import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Conversation } from '@switchboard/contract';
import { IconArrowLeft, IconLayoutSidebarRight, IconMailOpened } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useConversation } from '../api/use-conversation';
import { useMarkConversation } from '../api/use-mark-conversation';
import { useConversationsText } from '../conversations-text';
import { Composer } from './composer';
import inbox from './inbox.module.css';
import { MessageList } from './message-list';
import classes from './thread.module.css';

interface ThreadViewProps {
  conversationId: string;
  networkName: (conversation: Conversation) => string;
  /** On a phone: back to the list. */
  onBack?: () => void;
  contactOpen: boolean;
  onToggleContact: () => void;
  /** Marked unread: the thread closes, as in a mail client, so it stays unread. */
  onMarkedUnread: () => void;
}

/** The open thread: who it is with, its messages, the reply box. Opening it marks it read. */
export function ThreadView({
  conversationId,
  networkName,
  onBack,
  contactOpen,
  onToggleContact,
  onMarkedUnread,
}: ThreadViewProps) {
  const t = useConversationsText();
  const { data: conversation, error } = useConversation(conversationId);
  const mark = useMarkConversation();
  const unread = (conversation?.unreadCount ?? 0) > 0;

  // Read while open: on opening, and when a new message comes in while it is on screen; once
  // per newest message, so a failing call is not repeated in a loop.
  const { mutate } = mark;
  const markedFor = useRef('');
  const markingUnread = mark.variables?.body.unread === true;
  const readKey = unread && !markingUnread ? `${conversationId}@${conversation?.lastMessageAt}` : '';
  useEffect(() => {
    if (!readKey || markedFor.current === readKey) return;
    markedFor.current = readKey;
    mutate({ id: conversationId, body: { unread: false } });
  }, [readKey, conversationId, mutate]);

  const back = onBack && (
    <Tooltip label={t('thread.back')}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('thread.back')} onClick={onBack}>
        <IconArrowLeft size={20} aria-hidden className={classes.sendIcon} />
      </ActionIcon>
    </Tooltip>
  );

  if (!conversation) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <>
        {back && <div className={classes.header}>{back}</div>}
        {notFound ? (
          <div className={inbox.centered}>
            <Text size="sm">{t('thread.notFound')}</Text>
          </div>
        ) : (
          <MessageList key={conversationId} conversationId={conversationId} label="" />
        )}
      </>
    );
  }

  const { contact } = conversation;
  const markUnread = () =>
    mark.mutate({ id: conversationId, body: { unread: true } }, { onSuccess: () => onMarkedUnread() });
  return (
    <>
      <div className={classes.header}>
        {back}
        <Stack gap={0} flex={1} miw={0}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} truncate dir="auto" component="h2" size="md" m={0}>
              {contact.name || <span dir="ltr">{contact.phoneNumber}</span>}
            </Text>
            {contact.optedOutAt && (
              <Badge size="sm" color="red" variant="light">
                {t('list.optedOut')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {contact.name && (
              <>
                <span dir="ltr">{contact.phoneNumber}</span>
                {' · '}
              </>
            )}
            {networkName(conversation)}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconMailOpened size={16} aria-hidden />}
          loading={mark.isPending && markingUnread}
          onClick={markUnread}
          visibleFrom="sm"
        >
          {t('thread.markUnread')}
        </Button>
        <Tooltip label={t('thread.markUnread')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('thread.markUnread')}
            loading={mark.isPending && markingUnread}
            onClick={markUnread}
            hiddenFrom="sm"
          >
            <IconMailOpened size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={contactOpen ? t('thread.hideContact') : t('thread.showContact')}>
          <ActionIcon
            variant={contactOpen ? 'light' : 'subtle'}
            color={contactOpen ? undefined : 'gray'}
            size="lg"
            aria-label={contactOpen ? t('thread.hideContact') : t('thread.showContact')}
            aria-pressed={contactOpen}
            onClick={onToggleContact}
          >
            <IconLayoutSidebarRight size={20} aria-hidden className={classes.sendIcon} />
          </ActionIcon>
        </Tooltip>
      </div>
      <MessageList
        key={conversationId}
        conversationId={conversationId}
        label={t('thread.messages', { name: contact.name || contact.phoneNumber })}
      />
      <Composer key={conversationId} conversation={conversation} />
    </>
  );
}
