import { Select } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { timeZones } from '../../../lib/time-zones';
import { useContactsText } from '../contacts-text';

interface TimeZoneSelectProps {
  value: string | null;
  error: ReactNode;
  onChange: (zone: string | null) => void;
}

/**
 * The contact's IANA time zone, searchable; empty means "the number's country decides".
 * Memoised: Mantine keeps all ~420 options in the page, and the form re-renders per keystroke.
 */
export const TimeZoneSelect = memo(function TimeZoneSelect({ value, error, onChange }: TimeZoneSelectProps) {
  const t = useContactsText();
  return (
    <Select
      label={t('contact.timeZone')}
      description={t('contact.timeZoneHelp')}
      placeholder={t('contact.timeZonePlaceholder')}
      data={timeZones()}
      searchable
      clearable
      maxDropdownHeight={280}
      value={value}
      error={error}
      onChange={onChange}
      comboboxProps={{ withinPortal: false }}
    />
  );
});
