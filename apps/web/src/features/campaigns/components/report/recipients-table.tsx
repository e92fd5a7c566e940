import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { CampaignRecipient } from '@switchboard/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MessageStateIcon } from '../../../../components/message-state-icon';
import { formatDateTime } from '../../../../lib/format';
import { isolateLtr } from '../../../../lib/isolate';
import type { useCampaignRecipients } from '../../api/use-campaign-recipients';
import { useCampaignsText } from '../../campaigns-text';
import classes from './recipients-table.module.css';

const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 40;
const PREFETCH_ROWS = 20;

interface RecipientsTableProps {
  list: ReturnType<typeof useCampaignRecipients>;
  recipients: CampaignRecipient[];
  filterKey: string;
}

function RecipientRow({ recipient, rowIndex }: { recipient: CampaignRecipient; rowIndex: number }) {
  const t = useCampaignsText();
  const when = recipient.deliveredAt ?? recipient.sentAt;
  const who = recipient.name ?? recipient.phoneNumber;
  return (
    <Table.Tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }} data-testid="recipient-row">
      <Table.Td>
        {/* A message still in the queue has no thread to open yet. */}
        {recipient.conversationId ? (
          <Anchor
            component={Link}
            to={`/views/conversations?conversation=${recipient.conversationId}`}
            size="sm"
            fw={500}
            aria-label={t('recipients.openThread', { who })}
            className={classes.truncate}
          >
            {recipient.name ?? <span dir="ltr">{recipient.phoneNumber}</span>}
          </Anchor>
        ) : (
          <Text size="sm" fw={500} className={classes.truncate}>
            {recipient.name ?? <span dir="ltr">{recipient.phoneNumber}</span>}
          </Text>
        )}
        {recipient.name && (
          <Text size="xs" c="dimmed" className={classes.truncate}>
            <span dir="ltr">{recipient.phoneNumber}</span>
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <span className={classes.state} data-testid="recipient-state" data-state={recipient.state}>
          <MessageStateIcon state={recipient.state} />
          {t(`report.counts.${recipient.state}`)}
        </span>
        {recipient.optedOutAt && (
          <Badge size="xs" color="orange" variant="light" ml={6} data-testid="recipient-opted-out">
            {t('recipients.optedOut')}
          </Badge>
        )}
        {recipient.errorText && (
          <Text size="xs" c="red.8" className={classes.truncate} title={recipient.errorText}>
            {recipient.errorText}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.hideBelowSm}>{recipient.segments}</Table.Td>
      <Table.Td className={classes.hideBelowLg}>
        {recipient.reply && (
          <Text
            size="sm"
            className={classes.truncate}
            title={recipient.reply.body}
            dir="auto"
            data-testid="recipient-reply"
          >
            {recipient.reply.body}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.hideBelowSm}>
        {when ? (
          <time dateTime={when} dir="ltr">
            {formatDateTime(when)}
          </time>
        ) : recipient.dueAt ? (
          <Text size="xs" c="dimmed" component="span">
            {t('recipients.dueAt', { when: isolateLtr(formatDateTime(recipient.dueAt)) })}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** A started campaign's recipients with virtual rows (only those in view are in the page). */
export function RecipientsTable({ list, recipients, filterKey }: RecipientsTableProps) {
  const t = useCampaignsText();
  const scrollRef = useRef<HTMLDivElement>(null);
  const hasMore = Boolean(list.hasNextPage);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: recipients.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => recipients[index]?.messageId ?? 'more',
    paddingStart: HEADER_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const { fetchNextPage, isFetchingNextPage } = list;
  useEffect(() => {
    if (hasMore && !isFetchingNextPage && lastIndex >= recipients.length - PREFETCH_ROWS) void fetchNextPage();
  }, [hasMore, isFetchingNextPage, lastIndex, recipients.length, fetchNextPage]);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filterKey]);

  if (list.isPending)
    return (
      <Text p="md" role="status">
        {t('recipients.loading')}
      </Text>
    );
  if (list.isError && !list.data)
    return (
      <Text p="md" role="alert">
        {t('recipients.loadFailed')}
      </Text>
    );
  if (recipients.length === 0)
    return (
      <Text p="md" c="dimmed">
        {t('recipients.empty')}
      </Text>
    );

  const before = (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? HEADER_HEIGHT);
  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      data-testid="recipients-scroller"
      tabIndex={0}
      aria-label={t('recipients.title')}
      role="region"
    >
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={0}
        className={classes.table}
        aria-label={t('recipients.title')}
      >
        <Table.Thead>
          <Table.Tr style={{ height: HEADER_HEIGHT }} aria-rowindex={1}>
            <Table.Th>{t('recipients.contact')}</Table.Th>
            <Table.Th w={190}>{t('recipients.state')}</Table.Th>
            <Table.Th w={70} className={classes.hideBelowSm}>
              {t('recipients.segments')}
            </Table.Th>
            <Table.Th w={220} className={classes.hideBelowLg}>
              {t('recipients.reply')}
            </Table.Th>
            <Table.Th w={150} className={classes.hideBelowSm}>
              {t('recipients.when')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr aria-hidden style={{ height: before }}>
              <td />
            </tr>
          )}
          {items.map((item) => {
            const recipient = recipients[item.index];
            if (!recipient) {
              return (
                <Table.Tr key={item.key} style={{ height: ROW_HEIGHT }}>
                  <Table.Td colSpan={2}>{t('recipients.loading')}</Table.Td>
                </Table.Tr>
              );
            }
            return <RecipientRow key={item.key} recipient={recipient} rowIndex={item.index + 2} />;
          })}
          {after > 0 && (
            <tr aria-hidden style={{ height: after }}>
              <td />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
