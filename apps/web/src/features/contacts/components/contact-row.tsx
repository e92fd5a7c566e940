import { Badge, Checkbox, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ContactEntry } from '@switchboard/contract';
import { IconBan, IconCircleCheck, IconListDetails, IconTag } from '@tabler/icons-react';
import { memo } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useContactsText } from '../contacts-text';
import classes from './contacts-table.module.css';

/** At most this many tags and lists as chips; the rest as "+n". */
const CHIPS = 2;

interface ContactRowProps {
  contact: ContactEntry;
  /** 1-based position among all rows, header included (aria-rowindex). */
  rowIndex: number;
  height: number;
  selected: boolean;
  listNames: ReadonlyMap<string, string>;
  onToggle: (id: string, range: boolean) => void;
  onOpen: (id: string) => void;
}

function Chips({ items, icon }: { items: readonly string[]; icon?: React.ReactNode }) {
  const t = useContactsText();
  if (items.length === 0) return null;
  const rest = items.length - CHIPS;
  return (
    <div className={classes.chips}>
      {items.slice(0, CHIPS).map((item) => (
        <Badge key={item} variant="default" size="sm" tt="none" fw={600} maw={120} leftSection={icon} title={item}>
          {item}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="default" size="sm" tt="none" className={classes.more} title={items.slice(CHIPS).join(', ')}>
          {t('table.moreTags', { n: rest })}
        </Badge>
      )}
    </div>
  );
}

function DateCell({ value }: { value: string | null }) {
  const t = useContactsText();
  if (!value)
    return (
      <Table.Td c="dimmed" className={classes.hideBelowLg}>
        {t('table.never')}
      </Table.Td>
    );
  return (
    <Table.Td className={classes.hideBelowLg}>
      <time dateTime={value} dir="ltr">
        {formatDateTime(value)}
      </time>
    </Table.Td>
  );
}

/**
 * One contact in the table: a click anywhere opens it (its name is the keyboard's way), the
 * checkbox ticks it (with Shift, the range from the last ticked row). Memoised: the table
 * re-renders on every scroll step.
 */
export const ContactRow = memo(function ContactRow({
  contact,
  rowIndex,
  height,
  selected,
  listNames,
  onToggle,
  onOpen,
}: ContactRowProps) {
  const t = useContactsText();
  const label = contact.name ?? contact.phoneNumber;
  const lists = contact.listIds.flatMap((id) => listNames.get(id) ?? []);
  return (
    <Table.Tr
      className={classes.row}
      style={{ height }}
      aria-rowindex={rowIndex}
      data-selected={selected}
      data-contact-id={contact.id}
      onClick={() => onOpen(contact.id)}
    >
      <Table.Td onClick={(event) => event.stopPropagation()}>
        <Checkbox
          aria-label={t('table.selectRow', { name: label })}
          checked={selected}
          onChange={(event) => onToggle(contact.id, (event.nativeEvent as MouseEvent).shiftKey === true)}
        />
      </Table.Td>
      <Table.Td>
        <UnstyledButton
          className={contact.name ? classes.name : `${classes.name} ${classes.unnamed}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(contact.id);
          }}
        >
          {contact.name ?? (
            <>
              {t('table.noName')}
              {/* Its name for screen readers and tests: which contact it opens. */}
              <VisuallyHidden>{contact.phoneNumber}</VisuallyHidden>
            </>
          )}
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <span dir="ltr">{contact.phoneNumber}</span>
      </Table.Td>
      <Table.Td className={classes.hideBelowSm}>
        <Chips items={contact.tags} icon={<IconTag size={10} aria-hidden />} />
      </Table.Td>
      <Table.Td className={classes.hideBelowLg}>
        <Chips items={lists} icon={<IconListDetails size={10} aria-hidden />} />
      </Table.Td>
      <Table.Td>
        {contact.optedOutAt ? (
          <Badge color="red" variant="light" size="sm" leftSection={<IconBan size={12} aria-hidden />}>
            {t('table.optedOut')}
          </Badge>
        ) : (
          <Badge color="green" variant="light" size="sm" leftSection={<IconCircleCheck size={12} aria-hidden />}>
            {t('table.subscribed')}
          </Badge>
        )}
      </Table.Td>
      <DateCell value={contact.createdAt} />
      <DateCell value={contact.lastMessageAt} />
    </Table.Tr>
  );
});
