import { Group, SegmentedControl, Text, TextInput, useMatches } from '@mantine/core';
import { ANALYTICS_MAX_DAYS, ANALYTICS_PRESETS } from '@switchboard/contract';
import { useState } from 'react';
import { useAnalyticsText } from '../analytics-text';
import { customRangeProblem, type RangeChoice } from '../lib/analytics-range';
import classes from './analytics.module.css';

interface RangePickerProps {
  value: RangeChoice;
  onChange: (range: RangeChoice) => void;
  /** The dates a custom range starts from (the range on screen). */
  shownDates: { from: string; to: string } | null;
}

/**
 * Today, 7, 30 or 90 days, or two days of the workspace's calendar (native date inputs: the
 * browser's own picker, no date library in the chunk). A custom range applies as soon as both
 * dates make a range the server accepts; until then the inputs say what is wrong.
 */
export function RangePicker({ value, onChange, shownDates }: RangePickerProps) {
  const t = useAnalyticsText();
  const [custom, setCustom] = useState(!('preset' in value));
  const [dates, setDates] = useState(
    'preset' in value ? (shownDates ?? { from: '', to: '' }) : { from: value.from, to: value.to },
  );
  const problem = custom ? customRangeProblem(dates.from, dates.to) : null;
  // Five choices fit a phone's width at the smallest size.
  const size = useMatches({ base: 'xs', sm: 'sm' });

  function choose(choice: string) {
    if (choice === 'custom') {
      setCustom(true);
      const start = shownDates ?? dates;
      setDates(start);
      if (customRangeProblem(start.from, start.to) === null) onChange(start);
      return;
    }
    setCustom(false);
    onChange({ preset: choice as (typeof ANALYTICS_PRESETS)[number] });
  }

  function edit(next: { from: string; to: string }) {
    setDates(next);
    if (customRangeProblem(next.from, next.to) === null) onChange(next);
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('range.label')}
        size={size}
        value={custom ? 'custom' : 'preset' in value ? value.preset : 'custom'}
        onChange={choose}
        data={[
          ...ANALYTICS_PRESETS.map((preset) => ({ value: preset, label: t(`range.${preset}`) })),
          { value: 'custom', label: t('range.custom') },
        ]}
        data-testid="analytics-range"
      />
      {custom && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            type="date"
            size="xs"
            label={t('range.from')}
            value={dates.from}
            max={dates.to || undefined}
            onChange={(event) => edit({ ...dates, from: event.currentTarget.value })}
            error={problem ? true : undefined}
            w={150}
          />
          <TextInput
            type="date"
            size="xs"
            label={t('range.to')}
            value={dates.to}
            min={dates.from || undefined}
            onChange={(event) => edit({ ...dates, to: event.currentTarget.value })}
            error={problem ? true : undefined}
            w={150}
          />
        </Group>
      )}
      {problem && (
        <Text size="xs" className={classes.bad} role="alert" w="100%">
          {t(`range.${problem}`, { days: ANALYTICS_MAX_DAYS })}
        </Text>
      )}
    </Group>
  );
}
