import { Badge, VisuallyHidden } from '@mantine/core';
import { useShellText } from '../shell-text';

/** A menu entry's count (e.g. unread threads): the number shown, "3 new" read out. */
export function MenuBadge({ count }: { count: number | undefined }) {
  const t = useShellText();
  if (!count) return null;
  return (
    <>
      <Badge size="sm" variant="filled" circle={count < 10} aria-hidden data-testid="menu-badge">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{t('navbar.inboxBadge', { n: count })}</VisuallyHidden>
    </>
  );
}
