import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { AutoReplyRule } from '@switchboard/contract';
import { useMemo, useState } from 'react';
import { useReorderRules } from '../../api/use-reorder-rules';
import { useAutoReplyText } from '../../auto-reply-text';
import { useAutoReplyNotifications } from '../../hooks/use-auto-reply-notifications';
import { DeleteRuleModal } from './delete-rule-modal';
import { reorderAnnouncements } from './reorder-announcements';
import { RuleRow } from './rule-row';
import classes from './rule-list.module.css';

interface RuleListProps {
  /** In priority order. */
  rules: AutoReplyRule[];
  networkNames: Map<string, string>;
  onEdit: (rule: AutoReplyRule) => void;
}

/**
 * The rules in the order they are asked. A rule moves by dragging its handle, or from the
 * keyboard (Space or Enter on the handle, arrows, Space or Enter), with spoken positions; the
 * new order is saved at once.
 */
export function RuleList({ rules, networkNames, onEdit }: RuleListProps) {
  const t = useAutoReplyText();
  const notify = useAutoReplyNotifications();
  const reorder = useReorderRules();
  const [deleting, setDeleting] = useState<AutoReplyRule | null>(null);
  const sensors = useSensors(
    // A few pixels of travel first, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => rules.map((rule) => rule.id), [rules]);
  const accessibility = useMemo(
    () => ({
      announcements: reorderAnnouncements(rules, t),
      screenReaderInstructions: { draggable: t('reorder.instructions') },
    }),
    [rules, t],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const order = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    reorder.mutate(order, { onError: notify.failure });
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className={classes.list} aria-label={t('list.label')}>
            {rules.map((rule, index) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                position={index + 1}
                networkNames={networkNames}
                onEdit={onEdit}
                onDelete={setDeleting}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <DeleteRuleModal rule={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
