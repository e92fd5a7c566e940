import { Badge, Tooltip } from '@mantine/core';
import type { Message } from '@switchboard/contract';
import { memo } from 'react';
import { Link } from 'react-router';
import { MessageStateIcon } from '../../../components/message-state-icon';
import { formatDateTime } from '../../../lib/format';
import { isolateText } from '../../../lib/isolate';
import { useConversationsText } from '../conversations-text';
import classes from './thread.module.css';

/** Queued, sending, sent, delivered, or failed with the channel's reason on hover and focus. */
function StateMark({ message }: { message: Message }) {
  const t = useConversationsText();
  const mark = (
    <span
      className={classes.state}
      data-testid="message-state"
      data-state={message.state}
      tabIndex={message.state === 'failed' ? 0 : undefined}
    >
      <MessageStateIcon state={message.state} />
      {t(`states.${message.state}`)}
    </span>
  );
  if (message.state !== 'failed') return mark;
  return (
    <Tooltip
      label={t('states.failedReason', { reason: message.errorText ?? t('states.noReason') })}
      multiline
      maw={280}
      withArrow
    >
      {mark}
    </Tooltip>
  );
}

interface MessageRowProps {
  message: Message;
  /** The name of the campaign that sent it, once known (the badge says "Campaign" until then). */
  campaignName?: string;
}

/** One message as a bubble: the contact's on the start side, the workspace's on the end side. */
export const MessageRow = memo(function MessageRow({ message, campaignName }: MessageRowProps) {
  const t = useConversationsText();
  const outbound = message.direction === 'out';
  return (
    <div className={classes.bubble} data-state={message.state}>
      <p className={classes.body} dir="auto">
        {message.body}
      </p>
      <div className={classes.meta}>
        {message.campaignId ? (
          <Badge
            size="xs"
            variant="light"
            component={Link}
            to={`/views/campaigns/${message.campaignId}`}
            className={classes.campaign}
            data-testid="message-campaign"
            title={campaignName}
          >
            {campaignName ? t('origins.campaignNamed', { name: isolateText(campaignName) }) : t('origins.campaign')}
          </Badge>
        ) : (
          message.origin && (
            <Badge size="xs" variant="default">
              {t(`origins.${message.origin}`)}
            </Badge>
          )
        )}
        <span title={t('thread.segmentsLabel', { encoding: message.encoding, n: message.segments })}>
          {t('thread.segments', { encoding: message.encoding, n: message.segments })}
        </span>
        <time dateTime={message.createdAt} dir="ltr">
          {formatDateTime(message.createdAt)}
        </time>
        {outbound && <StateMark message={message} />}
      </div>
    </div>
  );
});
