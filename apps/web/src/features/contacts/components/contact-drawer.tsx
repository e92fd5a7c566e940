import { Alert, Button, Divider, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ContactEntry } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useContact } from '../api/use-contact';
import { useContactFields } from '../api/use-contact-fields';
import { useContactLists } from '../api/use-contact-lists';
import { useContactTags } from '../api/use-contact-tags';
import { useDeleteContact } from '../api/use-delete-contact';
import { useContactsText } from '../contacts-text';
import { useContactsNotifications } from '../hooks/use-contacts-notifications';
import { contactLabel } from '../lib/contact-label';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ConsentSection } from './consent-section';
import { ContactForm } from './contact-form';

export const NEW_CONTACT = 'new';

interface ContactDrawerProps {
  /** The contact to show, or NEW_CONTACT for the "new contact" form. */
  contactId: string;
  /** Shows another contact (a new one once it is added). */
  onOpen: (id: string) => void;
  onClose: () => void;
}

function Meta({ label, value }: { label: string; value: string | null }) {
  const t = useContactsText();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {value ? (
        <Text size="sm" component="time" dateTime={value} dir="ltr">
          {formatDateTime(value)}
        </Text>
      ) : (
        <Text size="sm">{t('table.never')}</Text>
      )}
    </div>
  );
}

/** Asks before deleting; a contact with history is kept, and the server says so (CONTACT_HAS_HISTORY). */
function DeleteContact({ contact, onDeleted }: { contact: ContactEntry; onDeleted: () => void }) {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const remove = useDeleteContact();
  const [confirming, setConfirming] = useState(false);
  const name = contactLabel(contact);
  return (
    <>
      <Group justify="flex-start">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {t('contact.delete')}
        </Button>
      </Group>
      <ConfirmDeleteModal
        opened={confirming}
        title={t('contact.deleteTitle')}
        text={t('contact.deleteText', { name })}
        confirmLabel={t('contact.delete')}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(contact.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(t('contact.deleted', { name }));
              onDeleted();
            },
            onError: (error) => {
              setConfirming(false);
              notify.failure(error);
            },
          })
        }
      />
    </>
  );
}

function Loading() {
  const t = useContactsText();
  return (
    <Stack gap="md" role="status" aria-label={t('contact.loading')}>
      <Skeleton height={28} width="60%" />
      <Skeleton height={40} />
      <Skeleton height={40} />
      <Skeleton height={120} />
    </Stack>
  );
}

function ContactDetails({ contactId, onClose }: { contactId: string; onClose: () => void }) {
  const t = useContactsText();
  const errorMessage = useApiErrorMessage();
  const detail = useContact(contactId);
  const fields = useContactFields();
  const lists = useContactLists();
  const tags = useContactTags();
  const failure = detail.error ?? fields.error ?? lists.error;
  if (failure) {
    if (failure instanceof ApiError && failure.status === 404) {
      return (
        <Alert color="yellow" variant="light">
          {t('contact.notFound')}
        </Alert>
      );
    }
    return (
      <Alert color="red" variant="light" title={t('contact.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(failure)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void Promise.all([detail.refetch(), fields.refetch(), lists.refetch()])}
          >
            {t('table.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!detail.data || !fields.data || !lists.data) return <Loading />;
  const { contact, consent } = detail.data;
  return (
    <Stack gap="lg">
      <Group gap="lg" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t('contact.number')}
          </Text>
          <Text size="lg" fw={600} dir="ltr" data-testid="contact-number">
            {contact.phoneNumber}
          </Text>
        </div>
        <Meta label={t('contact.addedAt')} value={contact.createdAt} />
        <Meta label={t('contact.lastMessage')} value={contact.lastMessageAt} />
      </Group>
      <ContactForm
        key={contact.id}
        contact={contact}
        fields={fields.data}
        lists={lists.data}
        tagSuggestions={tags.data?.map(({ tag }) => tag) ?? []}
      />
      <Divider />
      <ConsentSection contact={contact} history={consent} />
      <Divider />
      <DeleteContact contact={contact} onDeleted={onClose} />
    </Stack>
  );
}

function NewContact({ onOpen, onClose }: Pick<ContactDrawerProps, 'onOpen' | 'onClose'>) {
  const fields = useContactFields();
  const lists = useContactLists();
  const tags = useContactTags();
  if (fields.isPending || lists.isPending) return <Loading />;
  return (
    <ContactForm
      contact={null}
      fields={fields.data ?? []}
      lists={lists.data ?? []}
      tagSuggestions={tags.data?.map(({ tag }) => tag) ?? []}
      onCreated={(contact) => onOpen(contact.id)}
      onCancel={onClose}
    />
  );
}

/** The contact drawer (its own chunk): one contact to view and edit, or the "new contact" form. */
export default function ContactDrawer({ contactId, onOpen, onClose }: ContactDrawerProps) {
  const t = useContactsText();
  const { t: tCommon } = useTranslation();
  const isNew = contactId === NEW_CONTACT;
  const detail = useContact(isNew ? null : contactId);
  const title = isNew
    ? t('contact.newTitle')
    : (detail.data?.contact.name ?? detail.data?.contact.phoneNumber ?? t('contact.title'));
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {isNew ? (
        <NewContact onOpen={onOpen} onClose={onClose} />
      ) : (
        <ContactDetails key={contactId} contactId={contactId} onClose={onClose} />
      )}
    </Drawer>
  );
}
