import { Button, Menu } from '@mantine/core';
import { IconChevronDown, type Icon } from '@tabler/icons-react';
import type { BulkKind } from './selection-bar';

export interface BulkMenuItem {
  kind: BulkKind;
  label: string;
  icon: Icon;
}

interface BulkMenuProps {
  label: string;
  icon: Icon;
  disabled: boolean;
  items: BulkMenuItem[];
  onAction: (kind: BulkKind) => void;
}

/** A button of the selection bar that opens a menu of bulk actions (tag / untag, add to / remove from a list). */
export function BulkMenu({ label, icon: ButtonIcon, disabled, items, onAction }: BulkMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          disabled={disabled}
          leftSection={<ButtonIcon size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map(({ kind, label: itemLabel, icon: ItemIcon }) => (
          <Menu.Item key={kind} leftSection={<ItemIcon size={16} aria-hidden />} onClick={() => onAction(kind)}>
            {itemLabel}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
