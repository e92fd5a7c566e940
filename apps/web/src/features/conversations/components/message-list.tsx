import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useThreadCampaignNames } from '../api/use-thread-campaign-names';
import { useThreadMessages } from '../api/use-thread-messages';
import { useConversationsText } from '../conversations-text';
import { chronological } from '../lib/inbox-cache';
import { MessageRow } from './message-row';
import classes from './thread.module.css';

/** Room above the first message for "loading older…" / "start of the conversation". */
const EDGE = 40;
/** Load older messages when the first rendered row is this close to the top. */
const PREFETCH_ROWS = 8;
/** Within this distance of the bottom, the thread follows new messages. */
const STICK_PX = 80;

/**
 * The scroller's own size changes too (the page fits itself to the window a moment after the
 * first paint): a reader at the newest message stays there, as with rows that grow.
 */
function observeRectStayingAtEnd(instance: Virtualizer<HTMLDivElement, Element>, onRect: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => {
    // From the size the virtualizer last knew (the element's own numbers are already the new ones).
    const before = instance.scrollRect?.height ?? rect.height;
    const wasAtEnd = instance.getTotalSize() - before - (instance.scrollOffset ?? 0) <= STICK_PX;
    onRect(rect);
    if (wasAtEnd) instance.scrollToEnd();
  });
}

interface MessageListProps {
  conversationId: string;
  label: string;
}

/**
 * The thread: virtualised with measured row heights, so a conversation of 100,000 messages keeps
 * a few dozen rows in the DOM. It opens at the newest message, follows new ones while the reader
 * is at the bottom, and loads older pages when scrolled up, keeping what is on screen in place.
 */
export function MessageList({ conversationId, label }: MessageListProps) {
  const t = useConversationsText();
  const thread = useThreadMessages(conversationId);
  const messages = useMemo(() => chronological(thread.data), [thread.data]);
  const campaignNames = useThreadCampaignNames(conversationId, thread.data, messages);
  const scrollRef = useRef<HTMLDivElement>(null);

  // The project does not use the React Compiler; the virtualizer re-renders on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    getItemKey: (index) => messages[index]!.id,
    overscan: 10,
    paddingStart: EDGE,
    paddingEnd: 8,
    // Chat scrolling from the library: older pages prepended keep the rows on screen in place,
    // rows measured after the first paint keep a reader at the bottom there, and new messages
    // are followed only while the reader is within STICK_PX of the bottom.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: STICK_PX,
    observeElementRect: observeRectStayingAtEnd,
  });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const firstIndex = items[0]?.index ?? 0;

  // Open at the newest message, once the first page is on screen.
  const hasMessages = messages.length > 0;
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    if (!hasMessages || opened) return;
    virtualizer.scrollToEnd();
    // Older pages load only once the rows on screen are the newest ones, not the first render's.
    setOpened(true);
  }, [hasMessages, opened, virtualizer]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && opened && firstIndex < PREFETCH_ROWS) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, firstIndex, opened, fetchNextPage]);

  if (thread.isPending) {
    return (
      <Stack gap="sm" p="md" className={classes.scroller} aria-busy="true">
        {[60, 40, 70, 35, 55].map((width, i) => (
          <Skeleton key={i} height={44} width={`${width}%`} radius="lg" ml={i % 2 ? 'auto' : undefined} />
        ))}
      </Stack>
    );
  }
  if (thread.isError && messages.length === 0) {
    return (
      <Stack align="center" justify="center" className={classes.scroller} p="md">
        <Text size="sm">{t('thread.loadFailed')}</Text>
        <Button variant="light" onClick={() => void thread.refetch()}>
          {t('list.retry')}
        </Button>
      </Stack>
    );
  }

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      data-testid="thread-scroller"
      role="log"
      aria-label={label}
      tabIndex={0}
    >
      <div style={{ height: totalSize, position: 'relative' }}>
        <div className={classes.edge}>
          {isFetchingNextPage ? (
            <Text size="xs" c="dimmed">
              {t('thread.loadingOlder')}
            </Text>
          ) : (
            !hasNextPage && (
              <Text size="xs" c="dimmed">
                {messages.length ? t('thread.start') : t('thread.empty')}
              </Text>
            )
          )}
        </div>
        {items.map((item) => {
          const message = messages[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-message-id={message.id}
              data-direction={message.direction}
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageRow
                message={message}
                campaignName={message.campaignId ? campaignNames.get(message.campaignId) : undefined}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
