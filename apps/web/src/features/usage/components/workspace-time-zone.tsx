import { Anchor, Group, Select, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { isolateLtr } from '../../../lib/isolate';
import { timeZones } from '../../../lib/time-zones';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useUpdateWorkspace } from '../api/use-update-workspace';
import { useUsageText } from '../usage-text';

/**
 * The workspace's time zone under the usage (its months begin there) with "Change": a searchable
 * list of the browser's IANA zones that saves the one picked (PATCH /api/workspace). Inside a
 * popover its list stays in the popover (`inPopover`: a list in a portal would be a click outside
 * that closes it); elsewhere it opens in a portal, so no card's edge cuts it off.
 */
export function WorkspaceTimeZone({ timeZone, inPopover = false }: { timeZone: string; inPopover?: boolean }) {
  const t = useUsageText();
  const notify = useFeatureNotifications(t('timeZone.failed'));
  const update = useUpdateWorkspace();
  const [editing, setEditing] = useState(false);
  const shown = update.isPending ? (update.variables.timeZone ?? timeZone) : timeZone;

  function choose(zone: string | null) {
    setEditing(false);
    if (!zone || zone === timeZone) return;
    update.mutate(
      { timeZone: zone },
      { onSuccess: () => notify.success(t('timeZone.saved', { zone })), onError: notify.failure },
    );
  }

  if (editing)
    return (
      <Select
        size="xs"
        label={t('timeZone.label')}
        description={t('timeZone.help')}
        placeholder={t('timeZone.search')}
        data={timeZones()}
        defaultValue={timeZone}
        searchable
        autoFocus
        defaultDropdownOpened
        maxDropdownHeight={200}
        onChange={choose}
        onDropdownClose={() => setEditing(false)}
        comboboxProps={{ withinPortal: !inPopover }}
        data-testid="workspace-time-zone-select"
      />
    );
  return (
    <Group gap={6} wrap="nowrap" data-testid="workspace-time-zone">
      <IconWorld size={14} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
      <Text size="xs" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {t('timeZone.value', { zone: isolateLtr(shown) })}
      </Text>
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => setEditing(true)}
        disabled={update.isPending}
        aria-label={t('timeZone.changeLabel', { zone: shown })}
      >
        {t('timeZone.change')}
      </Anchor>
    </Group>
  );
}
