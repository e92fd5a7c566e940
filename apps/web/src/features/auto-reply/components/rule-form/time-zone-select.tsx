import { Select } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';
import { timeZones } from '../../../../lib/time-zones';

interface TimeZoneSelectProps {
  value: string;
  error: ReactNode;
  /** The form's own (stable) setter. */
  setFieldValue: RuleForm['setFieldValue'];
}

/**
 * The rule's IANA time zone, searchable. Memoised: Mantine keeps all ~420 options in the page,
 * and the form re-renders on every keystroke elsewhere.
 */
export const TimeZoneSelect = memo(function TimeZoneSelect({ value, error, setFieldValue }: TimeZoneSelectProps) {
  const t = useAutoReplyText();
  return (
    <Select
      label={t('form.timeZone')}
      description={t('form.timeZoneHelp')}
      data={timeZones()}
      searchable
      allowDeselect={false}
      maxDropdownHeight={280}
      maw={360}
      value={value}
      error={error}
      onChange={(zone) => zone && setFieldValue('timeZone', zone)}
    />
  );
});
