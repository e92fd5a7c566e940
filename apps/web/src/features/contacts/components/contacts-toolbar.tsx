import { ActionIcon, Button, Group, Indicator, Pill, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ContactField, ContactList } from '@switchboard/contract';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { useContactsText } from '../contacts-text';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import {
  activeFilterCount,
  hasFieldFilter,
  NO_FILTERS,
  type ConsentFilter,
  type ContactFilters,
} from '../lib/contact-filters';
import classes from './contacts-toolbar.module.css';

const CONSENT_VALUES = { any: null, in: false, out: true } as const;
type ConsentValue = keyof typeof CONSENT_VALUES;
/** Every filter cleared; the search and the order stay. */
const CLEARED: Partial<ContactFilters> = {
  tag: NO_FILTERS.tag,
  listId: NO_FILTERS.listId,
  optedOut: NO_FILTERS.optedOut,
  fieldKey: NO_FILTERS.fieldKey,
  fieldValue: NO_FILTERS.fieldValue,
};
const consentValue = (optedOut: ConsentFilter): ConsentValue => (optedOut === null ? 'any' : optedOut ? 'out' : 'in');

interface ContactsToolbarProps {
  filters: ContactFilters;
  /** Changes some of the filters (the page merges them into the URL's). */
  onChange: (change: Partial<ContactFilters>) => void;
  tags: ReadonlyArray<{ tag: string; count: number }>;
  lists: readonly ContactList[];
  fields: readonly ContactField[];
  /** "12,345 contacts", or null while counting. */
  countText: string | null;
}

/** The search box: typed text reaches the URL (and the list) a moment after typing stops. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const t = useContactsText();
  const search = useDebouncedText(value, onSearch);
  return (
    <TextInput
      className={classes.search}
      type="search"
      aria-label={t('toolbar.search')}
      placeholder={t('toolbar.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search.text}
      onChange={(event) => search.change(event.currentTarget.value)}
      rightSection={
        search.text ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('toolbar.clearSearch')}
            onClick={() => search.set('')}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        ) : null
      }
    />
  );
}

/** The custom field's value, committed like the search. */
function FieldValueInput({
  value,
  disabled,
  onCommit,
}: {
  value: string;
  disabled: boolean;
  onCommit: (value: string) => void;
}) {
  const t = useContactsText();
  const input = useDebouncedText(value, onCommit);
  return (
    <TextInput
      label={t('toolbar.fieldValue')}
      placeholder={t('toolbar.fieldValuePlaceholder')}
      value={input.text}
      disabled={disabled}
      onChange={(event) => input.change(event.currentTarget.value)}
    />
  );
}

/** The search, the filters (tag, list, consent, custom field) with their chips, and the count. */
export function ContactsToolbar({ filters, onChange, tags, lists, fields, countText }: ContactsToolbarProps) {
  const t = useContactsText();
  const set = onChange;
  const listName = lists.find((list) => list.id === filters.listId)?.name ?? '';

  const chips: Array<{ key: string; label: string; clear: Partial<ContactFilters> }> = [];
  if (filters.tag) chips.push({ key: 'tag', label: `${t('toolbar.tag')}: ${filters.tag}`, clear: { tag: null } });
  if (filters.listId) chips.push({ key: 'list', label: `${t('toolbar.list')}: ${listName}`, clear: { listId: null } });
  if (filters.optedOut !== null)
    chips.push({
      key: 'consent',
      label: filters.optedOut ? t('toolbar.consentOptedOut') : t('toolbar.consentSubscribed'),
      clear: { optedOut: null },
    });
  if (hasFieldFilter(filters))
    chips.push({
      key: 'field',
      label: `${filters.fieldKey} = ${filters.fieldValue}`,
      clear: { fieldKey: null, fieldValue: '' },
    });

  return (
    <div className={classes.toolbar}>
      <Group gap="xs" wrap="nowrap">
        <SearchBox value={filters.q} onSearch={(q) => set({ q })} />
        <FiltersPopover filters={filters} onChange={onChange} tags={tags} lists={lists} fields={fields} />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="contacts-count" className={classes.count}>
          {countText}
        </Text>
      </Group>
      {chips.length > 0 && (
        <Group gap={6} wrap="wrap">
          {chips.map((chip) => (
            <Pill
              key={chip.key}
              withRemoveButton
              removeButtonProps={{ 'aria-label': t('toolbar.removeFilter', { name: chip.label }) }}
              onRemove={() => set(chip.clear)}
            >
              {chip.label}
            </Pill>
          ))}
        </Group>
      )}
    </div>
  );
}

type FiltersPopoverProps = Pick<ContactsToolbarProps, 'filters' | 'onChange' | 'tags' | 'lists' | 'fields'>;

/** The filters (tag, list, consent, custom field) in a popover; its button counts the active ones. */
function FiltersPopover({ filters, onChange, tags, lists, fields }: FiltersPopoverProps) {
  const t = useContactsText();
  const active = activeFilterCount(filters);
  const set = onChange;
  return (
    <Indicator disabled={active === 0} label={active} size={16} offset={4}>
      <Popover position="bottom-end" shadow="md" width={300} trapFocus>
        <Popover.Target>
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconFilter size={16} aria-hidden />}
            aria-label={active ? t('toolbar.activeFilters', { n: active }) : t('toolbar.filters')}
          >
            <span className={classes.filterLabel}>{t('toolbar.filters')}</span>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Select
              label={t('toolbar.tag')}
              placeholder={t('toolbar.anyTag')}
              data={tags.map(({ tag }) => tag)}
              value={filters.tag}
              onChange={(tag) => set({ tag })}
              searchable
              clearable
              nothingFoundMessage={t('toolbar.noTags')}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('toolbar.list')}
              placeholder={t('toolbar.anyList')}
              data={lists.map((list) => ({ value: list.id, label: list.name }))}
              value={filters.listId}
              onChange={(listId) => set({ listId })}
              searchable
              clearable
              nothingFoundMessage={t('toolbar.noLists')}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('toolbar.consent')}
              data={[
                { value: 'any', label: t('toolbar.consentAny') },
                { value: 'in', label: t('toolbar.consentSubscribed') },
                { value: 'out', label: t('toolbar.consentOptedOut') },
              ]}
              value={consentValue(filters.optedOut)}
              onChange={(value) => set({ optedOut: CONSENT_VALUES[(value ?? 'any') as ConsentValue] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Group gap="xs" grow align="flex-start">
              <Select
                label={t('toolbar.field')}
                placeholder={t('toolbar.anyField')}
                data={fields.map(({ key }) => key)}
                value={filters.fieldKey}
                onChange={(fieldKey) => set({ fieldKey, fieldValue: fieldKey ? filters.fieldValue : '' })}
                clearable
                disabled={fields.length === 0}
                comboboxProps={{ withinPortal: false }}
              />
              <FieldValueInput
                value={filters.fieldValue}
                disabled={!filters.fieldKey}
                onCommit={(fieldValue) => set({ fieldValue })}
              />
            </Group>
            <Button
              variant="subtle"
              size="xs"
              disabled={active === 0 && !filters.fieldKey}
              onClick={() => onChange(CLEARED)}
            >
              {t('toolbar.clearFilters')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
