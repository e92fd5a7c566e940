import { ActionIcon, Group, Input, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';
import { closingFromInput, closingInputValue, nextRange } from '../../lib/schedule';
import classes from './rule-form.module.css';

const MAX_RANGES_A_DAY = 6;

interface DayHoursProps {
  form: RuleForm;
  /** 0 = Monday. */
  day: number;
  dayName: string;
}

/** One weekday's opening hours: its ranges (opens – closes), add and remove; "Closed" without one. */
export function DayHours({ form, day, dayName }: DayHoursProps) {
  const t = useAutoReplyText();
  const path = `trigger.schedule.${day}`;
  const ranges = form.values.trigger.schedule[day] ?? [];
  const dayError = form.errors[path];

  return (
    <div className={classes.day} role="group" aria-label={dayName}>
      <Text size="sm" fw={500} className={classes.dayName}>
        {dayName}
      </Text>
      <Stack gap={6} miw={0}>
        {ranges.length === 0 && (
          <Text size="sm" c="dimmed" className={classes.closed}>
            {t('hours.closed')}
          </Text>
        )}
        {ranges.map((range, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              type="time"
              dir="ltr"
              className={classes.time}
              aria-label={t('hours.opens', { day: dayName })}
              value={range.start}
              onChange={(event) => form.setFieldValue(`${path}.${index}.start`, event.currentTarget.value)}
              error={form.errors[`${path}.${index}.start`]}
            />
            <Text c="dimmed" mt={6} aria-hidden>
              –
            </Text>
            <TextInput
              type="time"
              dir="ltr"
              className={classes.time}
              aria-label={t('hours.closes', { day: dayName })}
              value={closingInputValue(range.end)}
              onChange={(event) =>
                form.setFieldValue(`${path}.${index}.end`, closingFromInput(event.currentTarget.value))
              }
              error={form.errors[`${path}.${index}.end`] ?? form.errors[`${path}.${index}`]}
            />
            <Tooltip label={t('hours.removeRange', { n: index + 1, day: dayName })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                aria-label={t('hours.removeRange', { n: index + 1, day: dayName })}
                onClick={() => form.removeListItem(path, index)}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {dayError && <Input.Error>{dayError}</Input.Error>}
      </Stack>
      <Tooltip label={t('hours.addRangeTo', { day: dayName })}>
        <ActionIcon
          variant="light"
          size={36}
          aria-label={t('hours.addRangeTo', { day: dayName })}
          disabled={ranges.length >= MAX_RANGES_A_DAY}
          onClick={() => form.insertListItem(path, nextRange(ranges))}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
