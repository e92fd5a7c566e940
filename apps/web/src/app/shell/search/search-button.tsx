import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useShellText } from '../shell-text';

/** The navbar's search button (the spotlight also opens with Ctrl/⌘+K). */
export function SearchButton({ onClick }: { onClick: () => void }) {
  const t = useShellText();
  return (
    <Tooltip label={`${t('navbar.searchHint')} (Ctrl+K)`} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        size="lg"
        radius="xl"
        aria-label={t('navbar.search')}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={onClick}
      >
        <IconSearch size={20} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
