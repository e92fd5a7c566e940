import { Card, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconMessageCircle, IconMicrophone } from '@tabler/icons-react';
import { Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SmsInbox } from '../components/sms-inbox';
import { useConversationsText } from '../conversations-text';
import { useFitViewport } from '../../../lib/use-fit-viewport';
import { VoiceInbox } from '../../voice/public';
import classes from './conversations-page.module.css';

type Tab = 'sms' | 'voice';

/**
 * /views/conversations: the SMS inbox and (?tab=voice) the voice inbox. The open conversation
 * is `?conversation=<id>`, so a reload or a shared link opens it again.
 */
export default function ConversationsPage() {
  const t = useConversationsText();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'voice' ? 'voice' : 'sms';
  const selectedId = params.get('conversation');
  const ref = useFitViewport<HTMLDivElement>(440);

  const setTab = useCallback(
    (next: string | null) => setParams(next === 'voice' ? { tab: 'voice' } : {}, { replace: true }),
    [setParams],
  );
  const select = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('conversation', id);
          else next.delete('conversation');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <Card ref={ref} radius="lg" padding={0} className={classes.card}>
      <Tabs value={tab} onChange={setTab} keepMounted={false} className={classes.tabs}>
        <Tabs.List className={classes.tabList} aria-label={t('tabs.label')}>
          <Tabs.Tab value="sms" leftSection={<IconMessageCircle size={18} aria-hidden />}>
            {t('tabs.sms')}
          </Tabs.Tab>
          <Tabs.Tab value="voice" leftSection={<IconMicrophone size={18} aria-hidden />}>
            {t('tabs.voice')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sms" className={classes.panel}>
          <SmsInbox selectedId={selectedId} onSelect={select} />
        </Tabs.Panel>
        <Tabs.Panel value="voice" className={classes.panel}>
          <Suspense
            fallback={
              <Stack p="md" gap="sm" role="status" aria-label={t('voice.loading')}>
                <Skeleton height={56} />
                <Skeleton height={56} />
                <Skeleton height={56} />
              </Stack>
            }
          >
            <VoiceInbox />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
