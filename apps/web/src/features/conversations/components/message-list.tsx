import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Where this component last scrolled to by itself: that scroll is not the reader leaving the bottom. */
  const pinnedTop = useRef<number | null>(null);

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
  });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const firstIndex = items[0]?.index ?? 0;

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    // Rows measured taller after our own scroll to the bottom grow the list under it: still pinned.
    if (pinnedTop.current !== null && Math.abs(element.scrollTop - pinnedTop.current) < 1) return;
    pinnedTop.current = null;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
  }, []);

  // Older messages came in above: move down by their height, so the rows on screen stay put.
  // New ones came in below while the reader was at the bottom: follow them.
  const previous = useRef({ first: '', last: '', total: 0 });
  const firstId = messages[0]?.id ?? '';
  const lastId = messages.at(-1)?.id ?? '';
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = previous.current;
    previous.current = { first: firstId, last: lastId, total: totalSize };
    if (!element || !lastId) return;
    if (before.first && before.first !== firstId && before.last === lastId) {
      element.scrollTop += totalSize - before.total;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
      pinnedTop.current = element.scrollTop;
    }
  }, [firstId, lastId, totalSize]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && messages.length > 0 && firstIndex < PREFETCH_ROWS) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, firstIndex, messages.length, fetchNextPage]);

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
      onScroll={onScroll}
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
              <MessageRow message={message} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
