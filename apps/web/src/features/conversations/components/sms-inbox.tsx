import { Button, Drawer, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Conversation, Message } from '@switchboard/contract';
import { IconMessageCircleOff, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworks } from '../../../lib/queries/use-networks';
import { useConversation } from '../api/use-conversation';
import { useInboxEvents } from '../api/use-inbox-events';
import { useConversationsText } from '../conversations-text';
import { contactLabel } from '../lib/contact-name';
import { activeFilterCount, NO_FILTERS, toListQuery, type ConversationFilters } from '../lib/conversation-filters';
import { ContactPanel } from './contact-panel';
import { ConversationFiltersBar } from './conversation-filters';
import { ConversationList } from './conversation-list';
import classes from './inbox.module.css';
import { ThreadView } from './thread-view';

// Opened rarely: loaded when opened.
const ComplianceDrawer = lazy(() => import('./compliance-drawer'));

const SEARCH_DEBOUNCE_MS = 300;
/** Wide enough for the contact panel as a third pane; narrower, it is a drawer. */
const WIDE = '(min-width: 75em)';

interface SmsInboxProps {
  /** The open conversation (the page keeps it in the URL). */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/**
 * The SMS inbox: thread list | thread | contact panel on a desktop; the list, then the thread
 * with a back button, on a phone. The panes scroll, never the page.
 */
export function SmsInbox({ selectedId, onSelect }: SmsInboxProps) {
  const t = useConversationsText();
  const { t: tCommon } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const isWide = useMediaQuery(WIDE) ?? true;
  const [filters, setFilters] = useState<ConversationFilters>(NO_FILTERS);
  const [q] = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => toListQuery({ ...filters, q }), [filters, q]);
  const [contactOpen, setContactOpen] = useState(() => window.matchMedia(WIDE).matches);
  // `?compliance=1` opens the opt-out texts at once (the workspace profile links here).
  const [complianceOpen, setComplianceOpen] = useState(
    () => new URLSearchParams(window.location.search).get('compliance') === '1',
  );
  const networks = useNetworks();
  const { data: selected } = useConversation(selectedId);

  const networkName = useCallback(
    (conversation: Conversation) => networks.data?.find((n) => n.id === conversation.networkId)?.name ?? '',
    [networks.data],
  );

  const onInbound = useCallback(
    (conversation: Conversation, message: Message) => {
      notifications.show({
        title: t('notifications.newMessage', { name: contactLabel(conversation.contact) }),
        message: message.body.length > 120 ? `${message.body.slice(0, 120)}…` : message.body,
        autoClose: 6000,
        style: { cursor: 'pointer' },
        closeButtonProps: { 'aria-label': tCommon('close') },
        // Mantine's dimmed grey under a title is too faint on white (WCAG contrast).
        styles: { description: { color: 'var(--mantine-color-text)' } },
        onClick: () => onSelect(conversation.id),
      });
    },
    [t, tCommon, onSelect],
  );
  useInboxEvents({ openId: selectedId, onInbound });

  const contactPanel = (withHeader: boolean) =>
    selected && (
      <ContactPanel
        key={`${selected.contact.id}:${selected.contact.name ?? ''}`}
        conversation={selected}
        networkName={networkName(selected)}
        onClose={withHeader ? () => setContactOpen(false) : undefined}
      />
    );
  const showList = !isPhone || !selectedId;
  const showThread = !isPhone || Boolean(selectedId);

  return (
    <div className={classes.inbox}>
      {showList && (
        <section className={classes.listPane} aria-label={t('list.label')}>
          <div className={classes.listHeader}>
            <ConversationFiltersBar
              filters={filters}
              onChange={setFilters}
              networks={networks.data}
              extra={
                <Tooltip label={t('compliance.button')}>
                  <Button
                    variant="default"
                    px={8}
                    aria-label={t('compliance.button')}
                    onClick={() => setComplianceOpen(true)}
                  >
                    <IconSettings size={18} aria-hidden />
                  </Button>
                </Tooltip>
              }
            />
          </div>
          <ConversationList
            query={query}
            filtered={Boolean(q.trim()) || activeFilterCount(filters) > 0}
            networks={networks.data}
            selectedId={selectedId}
            onSelect={onSelect}
            onClearFilters={() => setFilters(NO_FILTERS)}
          />
        </section>
      )}
      {showThread && (
        <section className={classes.threadPane}>
          {selectedId ? (
            <ThreadView
              key={selectedId}
              conversationId={selectedId}
              networkName={networkName}
              onBack={isPhone ? () => onSelect(null) : undefined}
              contactOpen={contactOpen}
              onToggleContact={() => setContactOpen((open) => !open)}
              onMarkedUnread={() => onSelect(null)}
            />
          ) : (
            <div className={classes.centered}>
              <IconMessageCircleOff size={40} stroke={1.4} aria-hidden opacity={0.5} />
              <Text fw={600} mt="sm">
                {t('thread.selectTitle')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('thread.selectText')}
              </Text>
            </div>
          )}
        </section>
      )}
      {isWide && !isPhone && selected && contactOpen && (
        <aside className={classes.contactPane} aria-label={t('contact.title')}>
          {contactPanel(true)}
        </aside>
      )}
      {(!isWide || isPhone) && selected && (
        <Drawer
          opened={contactOpen}
          onClose={() => setContactOpen(false)}
          position="right"
          size="sm"
          title={t('contact.title')}
          closeButtonProps={{ 'aria-label': t('contact.close') }}
        >
          {contactPanel(false)}
        </Drawer>
      )}
      <Suspense fallback={null}>
        {complianceOpen && <ComplianceDrawer onClose={() => setComplianceOpen(false)} />}
      </Suspense>
    </div>
  );
}
