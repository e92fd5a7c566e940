import { Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MAX_CAMPAIGN_RATE } from '@switchboard/contract';
import { memo, useState } from 'react';
import { browserTimeZone, timeZones } from '../../../../lib/time-zones';
import type { Draft } from '../../hooks/use-draft';
import { useCampaignsText } from '../../campaigns-text';
import { instantToZoned, zonedToInstant, type ZonedTime } from '../../lib/zoned-time';

const ZoneSelect = memo(function ZoneSelect(props: { label: string; value: string; onChange: (zone: string) => void }) {
  return (
    <Select
      label={props.label}
      data={timeZones()}
      value={props.value}
      onChange={(zone) => zone && props.onChange(zone)}
      searchable
      allowDeselect={false}
      maxDropdownHeight={280}
      w={240}
    />
  );
});

/** Step 5: now or at a time in a chosen zone, the rate (up to the networks' limit), quiet hours. */
export function ScheduleStep({ draft, maxRate }: { draft: Draft; maxRate: number }) {
  const t = useCampaignsText();
  const { schedule, ratePerSecond, quietHours } = draft.values;
  const [zone, setZone] = useState(schedule.timeZone ?? browserTimeZone());
  const [wall, setWall] = useState<ZonedTime>(() =>
    schedule.sendAt ? instantToZoned(schedule.sendAt, zone) : { date: '', time: '' },
  );
  const [later, setLater] = useState(schedule.sendAt !== null);
  const limit = Math.max(1, Math.min(MAX_CAMPAIGN_RATE, maxRate || MAX_CAMPAIGN_RATE));
  // When the step opened: good enough to warn about a time already gone (the server checks again).
  const [openedAt] = useState(() => Date.now());
  const inPast = later && schedule.sendAt !== null && new Date(schedule.sendAt).getTime() < openedAt;

  const changeSchedule = (next: { later?: boolean; wall?: ZonedTime; zone?: string }) => {
    const isLater = next.later ?? later;
    const nextWall = next.wall ?? wall;
    const nextZone = next.zone ?? zone;
    setLater(isLater);
    setWall(nextWall);
    setZone(nextZone);
    const sendAt = isLater ? zonedToInstant(nextWall, nextZone) : null;
    draft.change({ schedule: { sendAt, timeZone: isLater ? nextZone : null } });
  };

  return (
    <Stack gap="lg" maw={620}>
      <Stack gap="xs">
        <Text fw={500} size="sm" id="campaign-when">
          {t('scheduleStep.when')}
        </Text>
        <SegmentedControl
          aria-labelledby="campaign-when"
          value={later ? 'later' : 'now'}
          onChange={(value) => changeSchedule({ later: value === 'later' })}
          data={[
            { value: 'now', label: t('scheduleStep.now') },
            { value: 'later', label: t('scheduleStep.later') },
          ]}
          w="fit-content"
        />
        {later && (
          <Group align="flex-start" gap="sm">
            <TextInput
              type="date"
              label={t('scheduleStep.date')}
              value={wall.date}
              onChange={(event) => changeSchedule({ wall: { ...wall, date: event.currentTarget.value } })}
              error={inPast ? t('scheduleStep.inPast') : undefined}
              dir="ltr"
            />
            <TextInput
              type="time"
              label={t('scheduleStep.time')}
              value={wall.time}
              onChange={(event) => changeSchedule({ wall: { ...wall, time: event.currentTarget.value } })}
              dir="ltr"
            />
            <ZoneSelect
              label={t('scheduleStep.zone')}
              value={zone}
              onChange={(next) => changeSchedule({ zone: next })}
            />
          </Group>
        )}
      </Stack>
      <NumberInput
        label={t('scheduleStep.rate')}
        description={t('scheduleStep.rateHelp', { max: limit })}
        value={ratePerSecond}
        min={1}
        max={limit}
        clampBehavior="strict"
        allowDecimal={false}
        onChange={(value) => typeof value === 'number' && draft.change({ ratePerSecond: value })}
        maw={360}
      />
      <Stack gap="xs">
        <Switch
          label={t('scheduleStep.quietHours')}
          description={t('scheduleStep.quietHoursHelp')}
          checked={quietHours !== null}
          onChange={(event) =>
            draft.change({ quietHours: event.currentTarget.checked ? { start: '21:00', end: '08:00' } : null })
          }
        />
        {quietHours && (
          <Group gap="sm">
            <TextInput
              type="time"
              label={t('scheduleStep.quietStart')}
              value={quietHours.start}
              onChange={(event) => draft.change({ quietHours: { ...quietHours, start: event.currentTarget.value } })}
              dir="ltr"
            />
            <TextInput
              type="time"
              label={t('scheduleStep.quietEnd')}
              value={quietHours.end}
              onChange={(event) => draft.change({ quietHours: { ...quietHours, end: event.currentTarget.value } })}
              dir="ltr"
            />
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
