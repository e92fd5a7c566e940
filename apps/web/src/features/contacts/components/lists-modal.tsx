import { ActionIcon, Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { ContactListBodySchema, type ContactList } from '@switchboard/contract';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useContactLists } from '../api/use-contact-lists';
import { useCreateContactList, useDeleteContactList, useRenameContactList } from '../api/use-contact-list-mutations';
import { useContactsText, type ContactsText } from '../contacts-text';
import { useContactsNotifications } from '../hooks/use-contacts-notifications';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import classes from './lists-modal.module.css';

const NAME_MAX = 100;

/** The list name as the contract takes it, or why not (in the user's language). */
function checkName(name: string, t: ContactsText): { ok: true; name: string } | { ok: false; error: string } {
  const parsed = ContactListBodySchema.safeParse({ name });
  if (parsed.success) return { ok: true, name: parsed.data.name };
  const tooBig = parsed.error.issues.some((issue) => issue.code === 'too_big');
  return { ok: false, error: tooBig ? t('lists.nameTooLong', { max: NAME_MAX }) : t('lists.nameRequired') };
}

/** A failure of a list call: the name's own problems on its field, the rest as a toast. */
function useListFailure(setError: (error: string) => void) {
  const notify = useContactsNotifications();
  const errorMessage = useApiErrorMessage();
  return (error: unknown) => {
    if (error instanceof ApiError && (error.code === 'CONTACT_LIST_NAME_TAKEN' || error.code === 'VALIDATION_FAILED'))
      setError(errorMessage(error));
    else notify.failure(error);
  };
}

function NewListForm() {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const create = useCreateContactList();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const failed = useListFailure(setError);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkName(name, t);
    if (!checked.ok) return setError(checked.error);
    create.mutate(
      { name: checked.name },
      {
        onSuccess: (list) => {
          setName('');
          notify.success(t('lists.created', { name: list.name }));
        },
        onError: failed,
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          data-autofocus
          flex={1}
          label={t('lists.name')}
          placeholder={t('lists.namePlaceholder')}
          value={name}
          maxLength={NAME_MAX}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" mt={25} loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('lists.add')}
        </Button>
      </Group>
    </form>
  );
}

function ListRow({ list, onDelete }: { list: ContactList; onDelete: (list: ContactList) => void }) {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const rename = useRenameContactList();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | null>(null);
  const failed = useListFailure(setError);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkName(name, t);
    if (!checked.ok) return setError(checked.error);
    if (checked.name === list.name) return setEditing(false);
    rename.mutate(
      { id: list.id, name: checked.name },
      {
        onSuccess: (renamed) => {
          setEditing(false);
          notify.success(t('lists.renamed', { name: renamed.name }));
        },
        onError: failed,
      },
    );
  };

  if (editing) {
    return (
      <li className={classes.row}>
        <form onSubmit={save} noValidate className={classes.renameForm}>
          <TextInput
            autoFocus
            flex={1}
            size="xs"
            aria-label={t('lists.rename', { name: list.name })}
            value={name}
            maxLength={NAME_MAX}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setEditing(false);
              }
            }}
          />
          <ActionIcon type="submit" variant="light" loading={rename.isPending} aria-label={t('lists.renameSave')}>
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={t('contact.cancel')} onClick={() => setEditing(false)}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </form>
      </li>
    );
  }
  return (
    <li className={classes.row}>
      <div className={classes.listName}>
        <Text fw={600} size="sm" truncate>
          {list.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('lists.count', { n: list.memberCount.toLocaleString() })}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('lists.rename', { name: list.name })}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('lists.rename', { name: list.name })}
            onClick={() => {
              setName(list.name);
              setEditing(true);
            }}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('lists.delete', { name: list.name })}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('lists.delete', { name: list.name })}
            onClick={() => onDelete(list)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </li>
  );
}

/** Lists management (its own chunk): add, rename and delete lists, with their member counts. */
export default function ListsModal({ onClose }: { onClose: () => void }) {
  const t = useContactsText();
  const { t: tCommon } = useTranslation();
  const notify = useContactsNotifications();
  const errorMessage = useApiErrorMessage();
  const lists = useContactLists();
  const remove = useDeleteContactList();
  const [deleting, setDeleting] = useState<ContactList | null>(null);

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={t('lists.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': tCommon('close') }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('lists.intro')}
          </Text>
          <NewListForm />
          {lists.isPending ? (
            <Stack gap="xs" role="status" aria-label={t('lists.loading')}>
              <Skeleton height={44} />
              <Skeleton height={44} />
            </Stack>
          ) : lists.isError ? (
            <Alert color="red" variant="light">
              {errorMessage(lists.error)}
            </Alert>
          ) : lists.data.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('lists.empty')}
            </Text>
          ) : (
            <ul className={classes.list} aria-label={t('lists.title')}>
              {lists.data.map((list) => (
                <ListRow key={list.id} list={list} onDelete={setDeleting} />
              ))}
            </ul>
          )}
        </Stack>
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={deleting ? t('lists.deleteTitle', { name: deleting.name }) : ''}
        text={t('lists.deleteText', { n: (deleting?.memberCount ?? 0).toLocaleString() })}
        confirmLabel={t('lists.deleteConfirm')}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify.success(t('lists.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: notify.failure,
          })
        }
      />
    </>
  );
}
