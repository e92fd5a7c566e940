import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { Message } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { MessageStateIcon } from '../../../../components/message-state-icon';
import { useNetworksText } from '../../networks-text';
import classes from './virtual-phone.module.css';

/**
 * One message as the phone shows it: what the phone sent (`in` for the workspace) on its own
 * side; the workspace's messages on the other, with their state (sending, sent, delivered…).
 */
export function MessageBubble({ message }: { message: Message }) {
  const t = useNetworksText();
  const { i18n } = useTranslation();
  const fromPhone = message.direction === 'in';
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(message.createdAt),
  );
  return (
    <div className={classes.bubbleRow} data-from={fromPhone ? 'phone' : 'workspace'} data-testid="phone-message">
      <div className={classes.bubble} data-state={message.state}>
        {!fromPhone && <VisuallyHidden>{t('phone.workspace')}: </VisuallyHidden>}
        <Text size="sm" className={classes.body} dir="auto">
          {message.body}
        </Text>
        <Group gap={4} justify="flex-end" mt={2} wrap="nowrap" className={classes.meta}>
          <Text span size="xs">
            {time}
          </Text>
          {!fromPhone && (
            <Group gap={2} wrap="nowrap" data-testid="message-state" data-state={message.state}>
              <MessageStateIcon state={message.state} />
              <Text span size="xs" fw={600}>
                {t(`phone.states.${message.state}`)}
              </Text>
            </Group>
          )}
        </Group>
        {message.state === 'failed' && message.errorText && (
          <Text size="xs" c="red" mt={2}>
            {message.errorText}
          </Text>
        )}
      </div>
    </div>
  );
}
