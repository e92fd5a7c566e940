import { Button, Card, Group, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconForms, IconListDetails, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useFitViewport } from '../../../lib/use-fit-viewport';
import { useContactCount } from '../api/use-contact-count';
import { useContactEvents } from '../api/use-contact-events';
import { useContactFields } from '../api/use-contact-fields';
import { useContactLists } from '../api/use-contact-lists';
import { useContactTags } from '../api/use-contact-tags';
import { useContacts } from '../api/use-contacts';
import { BulkActionModal } from '../components/bulk-action-modal';
import { ContactsTable } from '../components/contacts-table';
import { ContactsToolbar } from '../components/contacts-toolbar';
import { SelectionBar } from '../components/selection-bar';
import { useContactsText } from '../contacts-text';
import { useBackgroundImport } from '../hooks/use-background-import';
import { useBulkAction } from '../hooks/use-bulk-action';
import { useContactSelection } from '../hooks/use-contact-selection';
import { useContactsUrl } from '../hooks/use-contacts-url';
import { useExportContacts } from '../hooks/use-export-contacts';
import { isFiltered, toContactFilter, toCountQuery, toPageQuery } from '../lib/contact-filters';
import { loadedState, selectedCount, selectionProblem, toExportSelection } from '../lib/selection';
import classes from './contacts-page.module.css';

// Loaded when opened: the drawer brings the contract's contact schemas, the modals their forms.
const ContactDrawer = lazy(() => import('../components/contact-drawer'));
const ListsModal = lazy(() => import('../components/lists-modal'));
const FieldsModal = lazy(() => import('../components/fields-modal'));
const ImportModal = lazy(() => import('../components/import/import-modal'));

/**
 * /views/contacts: the contact book. The search, filters and order are in the URL, and so is
 * what is open: the contact (?contact=<id>, or `new`) or a manager (?manage=lists|fields).
 */
export default function ContactsPage() {
  useContactEvents();
  const t = useContactsText();
  const url = useContactsUrl();
  const { filters } = url;
  const ref = useFitViewport<HTMLDivElement>(480);
  const [importing, setImporting] = useState(false);
  const backgroundImport = useBackgroundImport();

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
  // The count of the previous filter is not this filter's: unknown until it comes.
  const total = count.isPlaceholderData ? undefined : count.data;

  const { selection, toggleRow, toggleLoaded, selectAll, clear } = useContactSelection(
    JSON.stringify(countQuery),
    loadedIds,
  );
  const selected = selectedCount(selection, total);
  const bulk = useBulkAction(selection, toContactFilter(filters), clear);
  const exportSelection = toExportSelection(selection, toContactFilter(filters));
  const csv = useExportContacts(pageQuery);

  const matchingAll = selection.kind === 'matching' && selection.except.size === 0;
  const offerAll =
    selection.kind === 'ids' &&
    loadedState(selection, loadedIds) === 'all' &&
    total !== undefined &&
    total > loadedIds.length
      ? total
      : null;
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
              onClick={() => url.setManage('lists')}
            >
              {t('page.lists')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconForms size={18} aria-hidden />}
              onClick={() => url.setManage('fields')}
            >
              {t('page.fields')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {t('page.import')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={csv.exporting}
              disabled={total === 0}
              onClick={csv.download}
            >
              {t('page.export')}
            </Button>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => url.open('new')}>
              {t('page.newContact')}
            </Button>
          </Group>
        </Group>
        <ContactsToolbar
          filters={filters}
          onChange={url.changeFilters}
          tags={tags.data ?? []}
          lists={lists.data ?? []}
          fields={fields.data ?? []}
          countText={countText}
        />
        {(selection.kind === 'matching' || (selected ?? 0) > 0) && (
          <SelectionBar
            count={selected}
            matching={matchingAll}
            offerAll={offerAll}
            onSelectAll={selectAll}
            onClear={clear}
            onAction={bulk.ask}
            // Ticked rows, or all matching but the unticked ones, in the list's order.
            onExport={exportSelection ? () => csv.downloadSelection(exportSelection) : null}
            exporting={csv.exporting}
            problem={selectionProblem(selection) ? t('selection.tooManyExceptions') : null}
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
          onSort={url.sortBy}
          onOpen={url.open}
          onCreate={() => url.open('new')}
          onClearFilters={url.clearFilters}
        />
      </Card>
      {bulk.kind && selected !== undefined && (
        <BulkActionModal
          kind={bulk.kind}
          count={selected}
          tags={tags.data?.map(({ tag }) => tag) ?? []}
          lists={lists.data ?? []}
          pending={bulk.pending}
          onConfirm={bulk.run}
          onClose={bulk.close}
        />
      )}
      <Suspense fallback={null}>
        {url.openContact && <ContactDrawer contactId={url.openContact} onOpen={url.open} onClose={url.close} />}
        {url.manage === 'lists' && <ListsModal onClose={() => url.setManage(null)} />}
        {url.manage === 'fields' && <FieldsModal onClose={() => url.setManage(null)} />}
        {importing && (
          <ImportModal
            onClose={(runningId) => {
              setImporting(false);
              backgroundImport.follow(runningId);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
