import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ConversationListQuery, Network } from '@switchboard/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useConversations } from '../api/use-conversations';
import { useConversationsText } from '../conversations-text';
import { ConversationRow } from './conversation-row';
import inbox from './inbox.module.css';
import classes from './conversation-list.module.css';

const ROW_HEIGHT = 76;
/** Start loading the next page this many rows before the end. */
const PREFETCH_ROWS = 10;

interface ConversationListProps {
  query: ConversationListQuery;
  filtered: boolean;
  networks: Network[] | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onClearFilters: () => void;
}

/** The thread list: virtualised, so 100,000 conversations scroll like 10; pages load near the end. */
export function ConversationList({
  query,
  filtered,
  networks,
  selectedId,
  onSelect,
  onClearFilters,
}: ConversationListProps) {
  const t = useConversationsText();
  const list = useConversations(query);
  const conversations = useMemo(() => list.data?.pages.flatMap((page) => page.conversations) ?? [], [list.data]);
  const networkNames = useMemo(() => new Map(networks?.map((network) => [network.id, network.name])), [networks]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const hasMore = Boolean(list.hasNextPage);

  // The project does not use the React Compiler; the virtualizer re-renders on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: conversations.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => conversations[index]?.id ?? 'more',
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  const { fetchNextPage, isFetchingNextPage } = list;
  useEffect(() => {
    if (hasMore && !isFetchingNextPage && lastIndex >= conversations.length - PREFETCH_ROWS) void fetchNextPage();
  }, [hasMore, isFetchingNextPage, lastIndex, conversations.length, fetchNextPage]);

  if (list.isPending) {
    return (
      <Stack gap={0} aria-busy="true" aria-label={t('list.loading')} className={inbox.scroller}>
        {Array.from({ length: 7 }, (_, i) => (
          <Stack key={i} gap={6} p="sm" h={ROW_HEIGHT}>
            <Skeleton height={12} width="60%" />
            <Skeleton height={10} width="90%" />
            <Skeleton height={8} width="35%" />
          </Stack>
        ))}
      </Stack>
    );
  }
  if (list.isError && conversations.length === 0) {
    return (
      <div className={inbox.centered}>
        <Text size="sm" mb="sm">
          {t('list.loadFailed')}
        </Text>
        <Button variant="light" onClick={() => void list.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (conversations.length === 0) {
    return (
      <div className={inbox.centered}>
        <Text fw={600} mb={4}>
          {filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
        </Text>
        <Text size="sm" c="dimmed" mb="md">
          {filtered ? t('list.noMatchText') : t('list.emptyText')}
        </Text>
        {filtered ? (
          <Button variant="light" onClick={onClearFilters}>
            {t('list.clearFilters')}
          </Button>
        ) : (
          <Button variant="light" component={Link} to="/views/networks">
            {t('list.openNetworks')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div ref={scrollRef} className={inbox.scroller} data-testid="conversation-scroller">
      <div
        role="list"
        aria-label={t('list.label')}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const conversation = conversations[item.index];
          return (
            <div
              key={item.key}
              role="listitem"
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)`, height: item.size }}
              data-conversation-id={conversation?.id}
            >
              {conversation ? (
                <ConversationRow
                  conversation={conversation}
                  networkName={networks ? (networkNames.get(conversation.networkId) ?? t('list.unknownNetwork')) : ''}
                  selected={conversation.id === selectedId}
                  onSelect={onSelect}
                />
              ) : (
                <div className={classes.loaderRow}>
                  <Text size="xs" c="dimmed">
                    {t('list.loadingMore')}
                  </Text>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
