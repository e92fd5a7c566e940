import { Button, Card, Group, Text } from '@mantine/core';
import type { ContactSort } from '@switchboard/contract';
import { IconDownload, IconForms, IconListDetails, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFitViewport } from '../../../lib/use-fit-viewport';
import { useBulkContacts, type BulkAction } from '../api/use-bulk-contacts';
import { useContactCount } from '../api/use-contact-count';
import { useContactEvents } from '../api/use-contact-events';
import { useContactFields } from '../api/use-contact-fields';
import { useContactLists } from '../api/use-contact-lists';
import { useContactTags } from '../api/use-contact-tags';
import { useContacts } from '../api/use-contacts';
import { exportContacts } from '../api/export-contacts';
import { BulkActionModal } from '../components/bulk-action-modal';
import { ContactsTable } from '../components/contacts-table';
import { ContactsToolbar } from '../components/contacts-toolbar';
import { SelectionBar, type BulkKind } from '../components/selection-bar';
import { useContactsText } from '../contacts-text';
import { useContactSelection } from '../hooks/use-contact-selection';
import { useContactsNotifications } from '../hooks/use-contacts-notifications';
import {
  FIRST_ORDER,
  filtersFromParams,
  isFiltered,
  NO_FILTERS,
  paramsWithFilters,
  toContactFilter,
  toCountQuery,
  toPageQuery,
  type ContactFilters,
} from '../lib/contact-filters';
import { loadedState, selectedCount, selectionProblem, toBulkSelections } from '../lib/selection';
import classes from './contacts-page.module.css';

// Loaded when opened: the drawer brings the contract's contact schemas, the modals their forms.
const ContactDrawer = lazy(() => import('../components/contact-drawer'));
const ListsModal = lazy(() => import('../components/lists-modal'));
const FieldsModal = lazy(() => import('../components/fields-modal'));

type Manage = 'lists' | 'fields';

/**
 * /views/contacts: the contact book. The search, filters and order are in the URL, and so is
 * what is open: the contact (?contact=<id>, or `new`) or a manager (?manage=lists|fields).
 */
export default function ContactsPage() {
  useContactEvents();
  const t = useContactsText();
  const notify = useContactsNotifications();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const openContact = params.get('contact');
  const manage = params.get('manage') as Manage | null;
  const ref = useFitViewport<HTMLDivElement>(480);

  const pageQuery = useMemo(() => toPageQuery(filters), [filters]);
  const countQuery = useMemo(() => toCountQuery(filters), [filters]);
  const list = useContacts(pageQuery);
  const count = useContactCount(countQuery);
  const tags = useContactTags();
  const lists = useContactLists();
  const fields = useContactFields();
  const contacts = useMemo(() => list.data?.pages.flatMap((page) => page.contacts) ?? [], [list.data]);
  const loadedIds = useMemo(() => contacts.map((contact) => contact.id), [contacts]);
  const listNames = useMemo(() => new Map(lists.data?.map((item) => [item.id, item.name])), [lists.data]);
  const total = count.isPlaceholderData ? undefined : count.data;

  const { selection, toggleRow, toggleLoaded, selectAll, clear } = useContactSelection(
    JSON.stringify(countQuery),
    loadedIds,
  );
  const selected = selectedCount(selection, total);
  const [bulkKind, setBulkKind] = useState<BulkKind | null>(null);
  const bulk = useBulkContacts();
  const [exporting, setExporting] = useState(false);

  const setParam = useCallback(
    (name: 'contact' | 'manage', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const changeFilters = useCallback(
    (change: Partial<ContactFilters>) =>
      setParams((current) => paramsWithFilters(current, { ...filtersFromParams(current), ...change }), {
        replace: true,
      }),
    [setParams],
  );
  const sortBy = useCallback(
    (sort: ContactSort) =>
      changeFilters(
        filters.sort === sort
          ? { order: filters.order === 'asc' ? 'desc' : 'asc' }
          : { sort, order: FIRST_ORDER[sort] },
      ),
    [changeFilters, filters.sort, filters.order],
  );
  const open = useCallback((id: string) => setParam('contact', id), [setParam]);
  const clearFilters = useCallback(
    () => changeFilters({ ...NO_FILTERS, sort: filters.sort, order: filters.order }),
    [changeFilters, filters.sort, filters.order],
  );

  /** The CSV of the filter (which is also "all matching" when that is the selection). */
  const download = async () => {
    setExporting(true);
    try {
      await exportContacts(pageQuery);
      notify.success(t('export.done'));
    } catch (error) {
      notify.failure(error);
    } finally {
      setExporting(false);
    }
  };

  const runBulk = (action: BulkAction) =>
    bulk.mutate(
      { action, selections: toBulkSelections(selection, toContactFilter(filters)) },
      {
        onSuccess: ({ affected, skipped }) => {
          setBulkKind(null);
          clear();
          if (action.action === 'delete') {
            notify.success(
              skipped
                ? t('bulk.deletedSome', { n: affected.toLocaleString(), skipped: skipped.toLocaleString() })
                : t('bulk.deleted', { n: affected.toLocaleString() }),
            );
          } else {
            notify.success(t('bulk.done', { n: affected.toLocaleString() }));
          }
        },
        onError: (error) => {
          setBulkKind(null);
          notify.failure(error);
        },
      },
    );

  const headerState = loadedState(selection, loadedIds);
  const offerAll =
    selection.kind === 'ids' && headerState === 'all' && total !== undefined && total > loadedIds.length ? total : null;
  const problem = selectionProblem(selection) ? t('selection.tooManyExceptions') : null;
  const countText =
    total === undefined
      ? null
      : total === 1
        ? t('toolbar.countOne')
        : t('toolbar.count', { n: total.toLocaleString() });

  return (
    <>
      <Card ref={ref} radius="lg" padding={0} className={classes.card}>
        <Group justify="space-between" align="center" p="md" className={classes.header}>
          {/* The page's title (h1) is the layout's: this line says what the book is. */}
          <Text size="sm" c="dimmed" maw={560}>
            {t('page.subtitle')}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconListDetails size={18} aria-hidden />}
              onClick={() => setParam('manage', 'lists')}
            >
              {t('page.lists')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconForms size={18} aria-hidden />}
              onClick={() => setParam('manage', 'fields')}
            >
              {t('page.fields')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={exporting}
              disabled={total === 0}
              onClick={() => void download()}
            >
              {t('page.export')}
            </Button>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setParam('contact', 'new')}>
              {t('page.newContact')}
            </Button>
          </Group>
        </Group>
        <ContactsToolbar
          filters={filters}
          onChange={changeFilters}
          tags={tags.data ?? []}
          lists={lists.data ?? []}
          fields={fields.data ?? []}
          countText={countText}
        />
        {(selection.kind === 'matching' || (selected ?? 0) > 0) && (
          <SelectionBar
            count={selected}
            matching={selection.kind === 'matching' && selection.except.size === 0}
            offerAll={offerAll}
            onSelectAll={selectAll}
            onClear={clear}
            onAction={setBulkKind}
            onExport={selection.kind === 'matching' && selection.except.size === 0 ? () => void download() : null}
            exporting={exporting}
            problem={problem}
          />
        )}
        <ContactsTable
          list={list}
          contacts={contacts}
          total={total}
          filters={filters}
          filtered={isFiltered(filters)}
          selection={selection}
          listNames={listNames}
          onToggle={toggleRow}
          onToggleLoaded={toggleLoaded}
          onSort={sortBy}
          onOpen={open}
          onCreate={() => setParam('contact', 'new')}
          onClearFilters={clearFilters}
        />
      </Card>
      {bulkKind && selected !== undefined && (
        <BulkActionModal
          kind={bulkKind}
          count={selected}
          tags={tags.data?.map(({ tag }) => tag) ?? []}
          lists={lists.data ?? []}
          pending={bulk.isPending}
          onConfirm={runBulk}
          onClose={() => setBulkKind(null)}
        />
      )}
      <Suspense fallback={null}>
        {openContact && (
          <ContactDrawer contactId={openContact} onOpen={open} onClose={() => setParam('contact', null)} />
        )}
        {manage === 'lists' && <ListsModal onClose={() => setParam('manage', null)} />}
        {manage === 'fields' && <FieldsModal onClose={() => setParam('manage', null)} />}
      </Suspense>
    </>
  );
}
