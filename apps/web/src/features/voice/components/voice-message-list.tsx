import { Alert, Button, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useNetworks } from '../../../lib/queries/use-networks';
import { flattenVoicePages } from '../api/voice-cache';
import { useVoiceMessages } from '../api/use-voice-messages';
import { hasVoiceFilters, type VoiceFilters } from '../lib/voice-filters';
import { useVoiceText } from '../voice-text';
import { VoiceEmptyState } from './voice-empty-state';
import { VoiceMessageRow } from './voice-message-row';
import classes from './voice-message-list.module.css';

/** Every row has the same height (its texts are truncated), so scrolling needs no measuring. */
export const VOICE_ROW_HEIGHT = 84;
/** Load the next page this many rows before the end comes into view. */
const PREFETCH_ROWS = 10;

interface VoiceMessageListProps {
  filters: VoiceFilters;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The voice messages, virtualised: only the rows in view are in the DOM; older pages load on scrolling. */
export function VoiceMessageList({ filters, selectedId, onSelect }: VoiceMessageListProps) {
  const t = useVoiceText();
  const errorMessage = useApiErrorMessage();
  const query = useVoiceMessages(filters);
  const networks = useNetworks();
  const messages = useMemo(() => flattenVoicePages(query.data), [query.data]);
  const networkNames = useMemo(
    () => new Map((networks.data ?? []).map((network) => [network.id, network.name])),
    [networks.data],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // The project does not use the React Compiler; the virtualizer re-renders on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    // One more row at the end: the "loading older" or "no older" line.
    count: messages.length > 0 ? messages.length + 1 : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => VOICE_ROW_HEIGHT,
    getItemKey: (index) => messages[index]?.id ?? 'footer',
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= messages.length - PREFETCH_ROWS) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, messages.length]);

  if (query.isPending) {
    return (
      <Stack gap={0} aria-busy aria-label={t('list.loading')} className={classes.scroller}>
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <Stack key={row} gap={6} p="sm" h={VOICE_ROW_HEIGHT} justify="center">
            <Skeleton height={12} width="55%" radius="sm" />
            <Skeleton height={10} width="35%" radius="sm" />
            <Skeleton height={10} width="80%" radius="sm" />
          </Stack>
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert m="sm" color="red" icon={<IconAlertTriangle aria-hidden />} title={t('list.loadError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (messages.length === 0) return <VoiceEmptyState filtered={hasVoiceFilters(filters)} />;

  return (
    <div ref={scrollRef} className={classes.scroller} data-testid="voice-message-list">
      <div
        role="list"
        aria-label={t('list.label')}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const message = messages[item.index];
          return (
            <div
              key={item.key}
              role="listitem"
              style={{
                position: 'absolute',
                top: 0,
                insetInlineStart: 0,
                width: '100%',
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {message ? (
                <VoiceMessageRow
                  message={message}
                  networkName={networkNames.get(message.networkId)}
                  selected={message.id === selectedId}
                  onSelect={onSelect}
                />
              ) : (
                <div className={classes.footer}>
                  {hasNextPage ? (
                    <>
                      <Loader size="xs" aria-hidden />
                      <Text size="xs" c="dimmed">
                        {t('list.loadingMore')}
                      </Text>
                    </>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t('list.end')}
                    </Text>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
