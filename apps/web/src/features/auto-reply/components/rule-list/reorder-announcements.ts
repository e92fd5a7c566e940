import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import type { AutoReplyRule } from '@switchboard/contract';
import type { AutoReplyText } from '../../auto-reply-text';

/**
 * What screen readers hear while a rule is moved with the keyboard or the pointer: its name and
 * position in words, rather than dnd-kit's English default with raw ids. A position is said once
 * when it is reached (dnd-kit also reports "over" the rule's own place right after pick-up).
 */
export function reorderAnnouncements(rules: AutoReplyRule[], t: AutoReplyText): Announcements {
  const count = rules.length;
  const nameOf = (id: UniqueIdentifier) => rules.find((rule) => rule.id === id)?.name ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => rules.findIndex((rule) => rule.id === id) + 1;
  let announcedOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      announcedOver = active.id;
      return t('reorder.pickedUp', { name: nameOf(active.id), position: positionOf(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver) return undefined;
      announcedOver = over.id;
      return t('reorder.movedTo', { name: nameOf(active.id), position: positionOf(over.id), count });
    },
    onDragEnd: ({ active, over }) =>
      t('reorder.dropped', { name: nameOf(active.id), position: positionOf(over?.id ?? active.id), count }),
    onDragCancel: ({ active }) =>
      t('reorder.cancelled', { name: nameOf(active.id), position: positionOf(active.id), count }),
  };
}
