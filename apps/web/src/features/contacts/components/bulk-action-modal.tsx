import { Autocomplete, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { MAX_TAG_LENGTH, TagSchema, type ContactList } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from '../api/use-bulk-contacts';
import { useContactsText } from '../contacts-text';
import type { BulkKind } from './selection-bar';

interface BulkActionModalProps {
  kind: BulkKind;
  /** How many contacts it applies to (shown in the title). */
  count: number;
  tags: readonly string[];
  lists: readonly ContactList[];
  pending: boolean;
  onConfirm: (action: BulkAction) => void;
  onClose: () => void;
}

const TITLES = {
  tag: 'bulk.tagTitle',
  untag: 'bulk.untagTitle',
  addToList: 'bulk.addToListTitle',
  removeFromList: 'bulk.removeFromListTitle',
  delete: 'bulk.deleteTitle',
} as const;

/** Asks what to apply (the tag, the list) or, for a delete, asks to confirm. */
export function BulkActionModal({ kind, count, tags, lists, pending, onConfirm, onClose }: BulkActionModalProps) {
  const t = useContactsText();
  const { t: tCommon } = useTranslation();
  const [tag, setTag] = useState('');
  const [listId, setListId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const n = count.toLocaleString();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (kind === 'delete') return onConfirm({ action: 'delete' });
    if (kind === 'tag' || kind === 'untag') {
      const parsed = TagSchema.safeParse(tag);
      if (!parsed.success) return setError(t('validation.tag', { max: MAX_TAG_LENGTH }));
      return onConfirm({ action: kind, tag: parsed.data });
    }
    if (!listId) return setError(t('bulk.listRequired'));
    onConfirm({ action: kind, listId });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(TITLES[kind], { n })}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {kind === 'delete' && <Text size="sm">{t('bulk.deleteText')}</Text>}
          {(kind === 'tag' || kind === 'untag') && (
            <Autocomplete
              data-autofocus
              label={t('bulk.tagLabel')}
              placeholder={t('bulk.tagPlaceholder')}
              data={[...tags]}
              value={tag}
              error={error}
              maxLength={MAX_TAG_LENGTH}
              onChange={(value) => {
                setTag(value);
                setError(null);
              }}
            />
          )}
          {(kind === 'addToList' || kind === 'removeFromList') && lists.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('bulk.noLists')}
            </Text>
          )}
          {(kind === 'addToList' || kind === 'removeFromList') && lists.length > 0 && (
            <Select
              data-autofocus
              label={t('bulk.listLabel')}
              placeholder={t('bulk.listPlaceholder')}
              data={lists.map((list) => ({ value: list.id, label: list.name }))}
              value={listId}
              error={error}
              searchable
              nothingFoundMessage={t('toolbar.noLists')}
              onChange={(value) => {
                setListId(value);
                setError(null);
              }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tCommon('cancel')}
            </Button>
            {kind === 'delete' ? (
              <Button type="submit" color="red" loading={pending} leftSection={<IconTrash size={18} aria-hidden />}>
                {t('bulk.deleteConfirm')}
              </Button>
            ) : (
              <Button type="submit" loading={pending}>
                {t('bulk.apply')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
