import { Alert, Center, Loader, ScrollArea, Text } from '@mantine/core';
import type { Message } from '@switchboard/contract';
import { useEffect, useRef } from 'react';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworksText } from '../../networks-text';
import { MessageBubble } from './message-bubble';
import classes from './virtual-phone.module.css';

interface PhoneThreadProps {
  messages: Message[] | undefined;
  loading: boolean;
  error: unknown;
}

/** The conversation on the phone's screen, kept scrolled to the newest message. */
export function PhoneThread({ messages, loading, error }: PhoneThreadProps) {
  const t = useNetworksText();
  const errorMessage = useApiErrorMessage();
  const viewport = useRef<HTMLDivElement>(null);
  const last = messages?.at(-1);
  const lastKey = last ? `${last.id}:${last.state}:${messages?.length}` : '';

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastKey]);

  return (
    <ScrollArea className={classes.thread} viewportRef={viewport} type="auto" offsetScrollbars>
      <div className={classes.threadInner} role="log" aria-live="polite" aria-label={t('phone.thread')}>
        {loading ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : error ? (
          <Alert color="red" variant="light" title={t('phone.loadError')}>
            {errorMessage(error)}
          </Alert>
        ) : messages && messages.length > 0 ? (
          messages.map((message) => <MessageBubble key={message.id} message={message} />)
        ) : (
          <Text size="sm" c="dimmed" className={classes.empty}>
            {t('phone.empty')}
          </Text>
        )}
      </div>
    </ScrollArea>
  );
}
