import { Button, Group, Text } from '@mantine/core';
import {
  IconDownload,
  IconListCheck,
  IconListDetails,
  IconPlaylistX,
  IconTag,
  IconTagOff,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useContactsText } from '../contacts-text';
import { BulkMenu } from './bulk-menu';
import classes from './selection-bar.module.css';

export type BulkKind = 'tag' | 'untag' | 'addToList' | 'removeFromList' | 'delete';

interface SelectionBarProps {
  /** How many are selected; undefined while the matching contacts are counted. */
  count: number | undefined;
  /** "All matching" is selected (not only ticked rows). */
  matching: boolean;
  /** Offer "Select all N matching": every loaded row is ticked and more match than are loaded. */
  offerAll: number | null;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (kind: BulkKind) => void;
  /** Export the selection; null when it cannot be exported as one file (too many ticked by hand). */
  onExport: (() => void) | null;
  exporting: boolean;
  /** Why no action can run now (too many unticked by hand), or null. */
  problem: string | null;
}

/** What is selected, "select all N matching", and the actions on the selection. */
export function SelectionBar(props: SelectionBarProps) {
  const { count, matching, offerAll, onSelectAll, onClear, onAction, onExport, exporting, problem } = props;
  const t = useContactsText();
  const n = count ?? 0;
  const disabled = count === undefined || count === 0 || problem !== null;
  return (
    <section className={classes.bar} aria-label={t('selection.label')}>
      <Group gap="xs" wrap="wrap" className={classes.summary}>
        <Text size="sm" fw={600} aria-live="polite">
          {matching ? t('selection.selectedAll', { n: n.toLocaleString() }) : t('selection.selected', { n })}
        </Text>
        {offerAll !== null && (
          <Button variant="subtle" size="compact-sm" onClick={onSelectAll}>
            {t('selection.selectAllMatching', { n: offerAll.toLocaleString() })}
          </Button>
        )}
        <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
          {t('selection.clear')}
        </Button>
        {problem && (
          <Text size="sm" c="red">
            {problem}
          </Text>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <BulkMenu
          label={t('selection.tags')}
          icon={IconTag}
          disabled={disabled}
          onAction={onAction}
          items={[
            { kind: 'tag', label: t('selection.tag'), icon: IconTag },
            { kind: 'untag', label: t('selection.untag'), icon: IconTagOff },
          ]}
        />
        <BulkMenu
          label={t('selection.lists')}
          icon={IconListDetails}
          disabled={disabled}
          onAction={onAction}
          items={[
            { kind: 'addToList', label: t('selection.addToList'), icon: IconListCheck },
            { kind: 'removeFromList', label: t('selection.removeFromList'), icon: IconPlaylistX },
          ]}
        />
        {onExport && (
          <Button
            variant="default"
            size="xs"
            disabled={disabled}
            loading={exporting}
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onExport}
          >
            {t('selection.export')}
          </Button>
        )}
        <Button
          variant="light"
          color="red"
          size="xs"
          disabled={disabled}
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => onAction('delete')}
        >
          {t('selection.delete')}
        </Button>
      </Group>
    </section>
  );
}
