import { Alert, Button, Checkbox, Skeleton, Stack, Table, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { ContactEntry, ContactSort } from '@switchboard/contract';
import {
  IconAddressBook,
  IconAlertTriangle,
  IconArrowsSort,
  IconPlus,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import type { useContacts } from '../api/use-contacts';
import { useContactsText, type ContactsText } from '../contacts-text';
import type { ContactFilters } from '../lib/contact-filters';
import { isSelected, loadedState, type Selection } from '../lib/selection';
import { ContactRow } from './contact-row';
import classes from './contacts-table.module.css';

const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 42;
/** Start loading the next page this many rows before the end. */
const PREFETCH_ROWS = 20;

type ColumnId = 'name' | 'number' | 'tags' | 'lists' | 'consent' | 'created' | 'lastMessage';
interface Column {
  id: ColumnId;
  /** CSS width; the name takes what is left (at least its share of the table's min-width). */
  width?: number;
  sort?: ContactSort;
  /** Left out on narrower screens (the table scrolls sideways, but less). */
  hideBelow?: 'lg' | 'sm';
}
const COLUMNS: Column[] = [
  { id: 'name', sort: 'name' },
  { id: 'number', width: 150 },
  { id: 'tags', width: 180, hideBelow: 'sm' },
  { id: 'lists', width: 160, hideBelow: 'lg' },
  { id: 'consent', width: 130 },
  { id: 'created', width: 150, sort: 'created', hideBelow: 'lg' },
  { id: 'lastMessage', width: 150, sort: 'lastMessage', hideBelow: 'lg' },
];

/**
 * Cells spanning columns count hidden ones as columns too, which then take space: the spacer
 * rows have one cell, the loader row spans the columns every screen shows (tick, name, number).
 */
const ALWAYS_SHOWN = 3;

/** The class that hides a column's cells on narrower screens. */
function columnClass(column: Pick<Column, 'hideBelow'>): string | undefined {
  if (column.hideBelow === 'lg') return classes.hideBelowLg;
  if (column.hideBelow === 'sm') return classes.hideBelowSm;
  return undefined;
}

interface ContactsTableProps {
  list: ReturnType<typeof useContacts>;
  contacts: ContactEntry[];
  /** How many match (aria-rowcount); undefined while counting. */
  total: number | undefined;
  filters: ContactFilters;
  filtered: boolean;
  selection: Selection;
  listNames: ReadonlyMap<string, string>;
  onToggle: (id: string, range: boolean) => void;
  onToggleLoaded: () => void;
  onSort: (sort: ContactSort) => void;
  onOpen: (id: string) => void;
  onCreate: () => void;
  onClearFilters: () => void;
}

function SortHeader({
  column,
  filters,
  onSort,
  t,
}: {
  column: Column;
  filters: ContactFilters;
  onSort: (sort: ContactSort) => void;
  t: ContactsText;
}) {
  const label = t(`table.${column.id}`);
  if (!column.sort)
    return (
      <Table.Th style={{ width: column.width }} className={columnClass(column)}>
        {label}
      </Table.Th>
    );
  const active = filters.sort === column.sort;
  const Icon = !active ? IconArrowsSort : filters.order === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th
      style={{ width: column.width }}
      className={columnClass(column)}
      aria-sort={active ? (filters.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.sort!)}>
        {label}
        <Icon size={14} className={classes.sortIcon} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** Loading, failure and empty states in the table's place. */
function TableState({
  list,
  filtered,
  onCreate,
  onClearFilters,
}: Pick<ContactsTableProps, 'list' | 'filtered' | 'onCreate' | 'onClearFilters'>) {
  const t = useContactsText();
  const errorMessage = useApiErrorMessage();
  if (list.isPending) {
    return (
      <Stack gap={0} p="md" role="status" aria-label={t('table.loading')}>
        {Array.from({ length: 8 }, (_, row) => (
          <Skeleton key={row} height={20} my={16} width={`${90 - (row % 3) * 12}%`} />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Alert m="md" color="red" icon={<IconAlertTriangle aria-hidden />} title={t('table.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(list.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('table.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <div className={classes.centered}>
      <Stack align="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconAddressBook size={34} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          {filtered ? t('table.noMatchTitle') : t('table.emptyTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {filtered ? t('table.noMatchText') : t('table.emptyText')}
        </Text>
        {filtered ? (
          <Button variant="light" onClick={onClearFilters}>
            {t('toolbar.clearFilters')}
          </Button>
        ) : (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
            {t('page.newContact')}
          </Button>
        )}
      </Stack>
    </div>
  );
}

/**
 * The contact book as a table whose rows are virtual: only the rows in view (and a few around)
 * are in the page, so a million contacts scroll like fifty. Pages load as the end comes near.
 */
export function ContactsTable(props: ContactsTableProps) {
  const { list, contacts, total, filters, selection, listNames, onToggle, onToggleLoaded, onSort, onOpen } = props;
  const t = useContactsText();
  const scrollRef = useRef<HTMLDivElement>(null);
  const hasMore = Boolean(list.hasNextPage);

  // The project does not use the React Compiler; the virtualizer re-renders on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: contacts.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => contacts[index]?.id ?? 'more',
    paddingStart: HEADER_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  const { fetchNextPage, isFetchingNextPage } = list;
  useEffect(() => {
    if (hasMore && !isFetchingNextPage && lastIndex >= contacts.length - PREFETCH_ROWS) void fetchNextPage();
  }, [hasMore, isFetchingNextPage, lastIndex, contacts.length, fetchNextPage]);

  // A new filter or order starts at the top.
  const queryKey = JSON.stringify(filters);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [queryKey]);

  if (contacts.length === 0) return <TableState {...props} />;

  const loadedIds = contacts.map((contact) => contact.id);
  const headerState = loadedState(selection, loadedIds);
  const before = (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? HEADER_HEIGHT);

  return (
    <div ref={scrollRef} className={classes.scroller} data-testid="contacts-scroller">
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={0}
        className={classes.table}
        aria-label={t('table.label')}
        aria-rowcount={total === undefined ? -1 : total + 1}
        aria-busy={list.isFetching && !isFetchingNextPage}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            <Table.Th className={classes.select}>
              <Checkbox
                aria-label={t('table.selectAllLoaded')}
                checked={headerState === 'all'}
                indeterminate={headerState === 'some'}
                onChange={onToggleLoaded}
              />
            </Table.Th>
            {COLUMNS.map((column) => (
              <SortHeader key={column.id} column={column} filters={filters} onSort={onSort} t={t} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr className={classes.spacer} aria-hidden style={{ height: before }}>
              <td />
            </tr>
          )}
          {items.map((item) => {
            const contact = contacts[item.index];
            if (!contact) {
              return (
                <Table.Tr key={item.key} className={classes.loaderRow} style={{ height: ROW_HEIGHT }}>
                  <Table.Td colSpan={ALWAYS_SHOWN}>{t('table.loadingMore')}</Table.Td>
                </Table.Tr>
              );
            }
            return (
              <ContactRow
                key={item.key}
                contact={contact}
                rowIndex={item.index + 2}
                height={ROW_HEIGHT}
                selected={isSelected(selection, contact.id)}
                listNames={listNames}
                onToggle={onToggle}
                onOpen={onOpen}
              />
            );
          })}
          {after > 0 && (
            <tr className={classes.spacer} aria-hidden style={{ height: after }}>
              <td />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
