import { Badge, Button, Group, Modal, Stack, Text, Timeline, Title } from '@mantine/core';
import '@mantine/core/styles/Timeline.css';
import type { ConsentEvent, ContactEntry } from '@switchboard/contract';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { isolateLtr, isolateText } from '../../../lib/isolate';
import { useUpdateContact } from '../api/use-update-contact';
import { useContactsText } from '../contacts-text';
import { useContactsNotifications } from '../hooks/use-contacts-notifications';
import { consentSourceText } from '../lib/consent-text';
import { contactLabel } from '../lib/contact-label';

interface ConsentSectionProps {
  contact: ContactEntry;
  history: readonly ConsentEvent[];
}

/** Every opt-out and opt-in of the contact, newest first, with what made it and when. */
function ConsentHistory({ history }: { history: readonly ConsentEvent[] }) {
  const t = useContactsText();
  if (history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('consent.historyEmpty')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={24} lineWidth={2}>
      {history.map((event) => (
        <Timeline.Item
          key={event.id}
          color={event.optedOut ? 'red' : 'green'}
          bullet={event.optedOut ? <IconBan size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />}
          title={event.optedOut ? t('consent.optedOutEvent') : t('consent.optedInEvent')}
        >
          <Text size="sm">{consentSourceText(event, t)}</Text>
          {event.messageBody && (
            <Text size="sm" c="dimmed" data-testid="consent-message">
              {t('consent.keywordMessage', { text: isolateText(event.messageBody) })}
            </Text>
          )}
          <Text size="xs" c="dimmed" component="time" dateTime={event.createdAt} dir="ltr">
            {formatDateTime(event.createdAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The contact's consent: subscribed or opted out, the manual change (confirmed), the history. */
export function ConsentSection({ contact, history }: ConsentSectionProps) {
  const t = useContactsText();
  const { t: tCommon } = useTranslation();
  const notify = useContactsNotifications();
  const update = useUpdateContact();
  const [confirming, setConfirming] = useState(false);
  const optedOut = contact.optedOutAt !== null;
  const name = contactLabel(contact);

  const change = () =>
    update.mutate(
      { id: contact.id, body: { optedOut: !optedOut } },
      {
        onSuccess: () => {
          setConfirming(false);
          notify.success(optedOut ? t('consent.optedInDone', { name }) : t('consent.optedOutDone', { name }));
        },
        onError: notify.failure,
      },
    );

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('consent.title')}
      </Title>
      <Group gap="sm" justify="space-between">
        {optedOut ? (
          <Badge color="red" variant="light" size="lg" leftSection={<IconBan size={14} aria-hidden />}>
            {t('consent.optedOutSince', { time: isolateLtr(formatDateTime(contact.optedOutAt!)) })}
          </Badge>
        ) : (
          <Badge color="green" variant="light" size="lg" leftSection={<IconCircleCheck size={14} aria-hidden />}>
            {t('consent.subscribed')}
          </Badge>
        )}
        <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
          {optedOut ? t('consent.optIn') : t('consent.optOut')}
        </Button>
      </Group>
      <Title order={4} size="h6" mt="xs">
        {t('consent.history')}
      </Title>
      <ConsentHistory history={history} />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={optedOut ? t('consent.optInConfirmTitle') : t('consent.optOutConfirmTitle')}
        closeButtonProps={{ 'aria-label': tCommon('close') }}
        centered
      >
        <Text size="sm">
          {optedOut ? t('consent.optInConfirmText', { name }) : t('consent.optOutConfirmText', { name })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {tCommon('cancel')}
          </Button>
          <Button color={optedOut ? undefined : 'red'} loading={update.isPending} onClick={change}>
            {optedOut ? t('consent.optIn') : t('consent.optOut')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
