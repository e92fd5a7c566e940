import { Badge, Button, CloseButton, Group, Modal, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_CONTACT_TAGS, type Conversation } from '@switchboard/contract';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useUpdateContact, type UpdateContactInput } from '../api/use-update-contact';
import { useConversationsText } from '../conversations-text';
import { contactLabel } from '../lib/contact-name';

interface ContactPanelProps {
  conversation: Conversation;
  networkName: string;
  /** Shows the panel's own title and close button (not inside a drawer, which has them). */
  onClose?: () => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Who the thread is with: name and tags (editable), number, network, times, opt-out state. */
export function ContactPanel({ conversation, networkName, onClose }: ContactPanelProps) {
  const t = useConversationsText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const { contact } = conversation;
  const update = useUpdateContact();
  const [name, setName] = useState(contact.name ?? '');
  const [confirming, setConfirming] = useState(false);
  const optedOut = contact.optedOutAt !== null;
  const shownName = contactLabel(contact);

  const save = (body: UpdateContactInput['body'], done?: string) =>
    update.mutate(
      { id: contact.id, body },
      {
        onSuccess: () => done && notifications.show({ color: 'green', message: done }),
        onError: (error) =>
          notifications.show({ color: 'red', title: t('notifications.errorTitle'), message: errorMessage(error) }),
      },
    );

  const saveName = () => {
    const next = name.trim();
    if (next !== (contact.name ?? '')) save({ name: next || null }, t('contact.saved'));
  };

  return (
    <Stack gap="md" p={onClose ? 'md' : 0}>
      {onClose && (
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {t('contact.title')}
          </Title>
          <CloseButton aria-label={t('contact.close')} onClick={onClose} />
        </Group>
      )}
      <TextInput
        label={t('contact.name')}
        placeholder={t('contact.namePlaceholder')}
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={saveName}
        onKeyDown={(event) => event.key === 'Enter' && saveName()}
      />
      <TagsInput
        label={t('contact.tags')}
        placeholder={t('contact.tagsPlaceholder')}
        value={contact.tags}
        maxTags={MAX_CONTACT_TAGS}
        onChange={(tags) => save({ tags })}
        clearable
        comboboxProps={{ withinPortal: false }}
      />
      <Field label={t('contact.number')}>
        <span dir="ltr">{contact.phoneNumber}</span>
      </Field>
      <Field label={t('contact.network')}>{networkName}</Field>
      <Field label={t('contact.firstContact')}>
        <time dateTime={conversation.createdAt} dir="ltr">
          {formatDateTime(conversation.createdAt)}
        </time>
      </Field>
      <Field label={t('contact.lastContact')}>
        <time dateTime={conversation.lastMessageAt} dir="ltr">
          {formatDateTime(conversation.lastMessageAt)}
        </time>
      </Field>
      <Field label={t('contact.subscription')}>
        <Stack gap="xs" align="flex-start" mt={4}>
          {optedOut ? (
            <Badge color="red" variant="light" leftSection={<IconBan size={12} aria-hidden />}>
              {t('contact.optedOutSince', { time: formatDateTime(contact.optedOutAt!) })}
            </Badge>
          ) : (
            <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
              {t('contact.subscribed')}
            </Badge>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={() => setConfirming(true)}
            loading={update.isPending && update.variables?.body.optedOut !== undefined}
          >
            {optedOut ? t('contact.optIn') : t('contact.optOut')}
          </Button>
        </Stack>
      </Field>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={optedOut ? t('contact.optInConfirmTitle') : t('contact.optOutConfirmTitle')}
        closeButtonProps={{ 'aria-label': tCommon('close') }}
        centered
      >
        <Text size="sm">
          {optedOut
            ? t('contact.optInConfirmText', { name: shownName })
            : t('contact.optOutConfirmText', { name: shownName })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('contact.cancel')}
          </Button>
          <Button
            color={optedOut ? undefined : 'red'}
            onClick={() => {
              setConfirming(false);
              save(
                { optedOut: !optedOut },
                optedOut
                  ? t('contact.optedInDone', { name: shownName })
                  : t('contact.optedOutDone', { name: shownName }),
              );
            }}
          >
            {optedOut ? t('contact.optIn') : t('contact.optOut')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
