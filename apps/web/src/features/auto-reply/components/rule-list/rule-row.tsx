import { ActionIcon, Anchor, Badge, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AutoReplyRule } from '@switchboard/contract';
import { IconDots, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, kFormat } from '../../../../lib/format';
import { useAutoReplyText } from '../../auto-reply-text';
import { isolateLtr } from '../../../../lib/isolate';
import { triggerSummary } from '../../lib/trigger-summary';
import { RuleEnabledSwitch } from './rule-enabled-switch';
import classes from './rule-list.module.css';

interface RuleRowProps {
  rule: AutoReplyRule;
  position: number;
  /** Network names by id, for the "Networks" line. */
  networkNames: Map<string, string>;
  onEdit: (rule: AutoReplyRule) => void;
  onDelete: (rule: AutoReplyRule) => void;
}

/** One rule: its handle to move it, what it answers, where, how often it fired, its switch. */
export function RuleRow({ rule, position, networkNames, onEdit, onDelete }: RuleRowProps) {
  const t = useAutoReplyText();
  const { i18n } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: rule.id,
  });
  const networks = rule.allNetworks
    ? t('list.allNetworks')
    : rule.networkIds.map((id) => networkNames.get(id) ?? t('list.unknownNetwork')).join(', ');
  const hasPeriod = rule.activeFrom !== null || rule.activeUntil !== null;

  return (
    <li
      ref={setNodeRef}
      className={classes.row}
      data-rule-id={rule.id}
      data-dragging={isDragging || undefined}
      data-disabled={!rule.enabled || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={t('list.moveHandle', { name: rule.name })}
      >
        <IconGripVertical size={18} aria-hidden />
      </ActionIcon>
      <span className={classes.position} aria-hidden>
        {position}
      </span>
      <div className={classes.main}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <VisuallyHidden>{t('list.position', { n: position })}</VisuallyHidden>
          <Anchor
            component="button"
            type="button"
            data-testid="rule-name"
            fw={600}
            c="bright"
            className={classes.name}
            onClick={() => onEdit(rule)}
          >
            {rule.name}
          </Anchor>
          {!rule.enabled && (
            <Badge size="xs" variant="default">
              {t('list.disabled')}
            </Badge>
          )}
        </Group>
        <Text size="sm" className={classes.summary} dir="auto">
          {triggerSummary(rule.trigger, rule.timeZone, t)}
        </Text>
        <Group className={classes.meta}>
          <Text span size="xs" c="dimmed">
            {t('list.networks', { networks })}
          </Text>
          <Text span size="xs" c="dimmed" data-testid="fired-count">
            {t('list.fired', { n: kFormat(rule.firedCount, i18n.language) })}
          </Text>
          <Text span size="xs" c="dimmed">
            {rule.lastFiredAt ? (
              <time dateTime={rule.lastFiredAt}>
                {t('list.lastFired', { time: isolateLtr(formatDateTime(rule.lastFiredAt)) })}
              </time>
            ) : (
              t('list.neverFired')
            )}
          </Text>
          {hasPeriod && (
            <Text span size="xs" c="dimmed">
              {t('list.activePeriod', {
                from: rule.activeFrom ? isolateLtr(rule.activeFrom) : t('list.openStart'),
                until: rule.activeUntil ? isolateLtr(rule.activeUntil) : t('list.openEnd'),
              })}
            </Text>
          )}
        </Group>
      </div>
      <div className={classes.controls}>
        <RuleEnabledSwitch rule={rule} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('list.actions', { name: rule.name })}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(rule)}>
              {t('list.edit')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(rule)}>
              {t('list.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
    </li>
  );
}
