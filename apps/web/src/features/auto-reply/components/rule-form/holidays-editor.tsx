import { Button, Group, Input, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';

/** Dates closed all day: pick one, add it; each shows as a removable pill, in date order. */
export function HolidaysEditor({ form }: { form: RuleForm }) {
  const t = useAutoReplyText();
  const [date, setDate] = useState('');
  const holidays = form.values.trigger.holidays;
  const error =
    form.errors['trigger.holidays'] ?? holidays.map((_, i) => form.errors[`trigger.holidays.${i}`]).find(Boolean);

  const add = () => {
    if (!date) return;
    if (!holidays.includes(date)) form.setFieldValue('trigger.holidays', [...holidays, date].sort());
    setDate('');
  };

  return (
    <Input.Wrapper label={t('hours.holidays')} description={t('hours.holidaysHelp')} error={error} labelElement="div">
      <Stack gap="xs" mt={4}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            type="date"
            dir="ltr"
            aria-label={t('hours.holidayDate')}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter adds the date rather than submitting the rule.
              event.preventDefault();
              add();
            }}
          />
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={!date}>
            {t('hours.addHoliday')}
          </Button>
        </Group>
        {holidays.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('hours.noHolidays')}
          </Text>
        ) : (
          <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {holidays.map((holiday) => (
              <li key={holiday}>
                <Pill
                  size="md"
                  withRemoveButton
                  dir="ltr"
                  // Mantine hides a pill's remove button from assistive technology and the Tab key
                  // (it expects a combobox around it); here it is the only way to remove a holiday.
                  removeButtonProps={{
                    'aria-label': t('hours.removeHoliday', { date: holiday }),
                    'aria-hidden': false,
                    tabIndex: 0,
                  }}
                  onRemove={() =>
                    form.setFieldValue(
                      'trigger.holidays',
                      holidays.filter((item) => item !== holiday),
                    )
                  }
                >
                  {holiday}
                </Pill>
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
