import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';
import { copyMondayToWeekdays } from '../../lib/schedule';
import { weekdayNames } from '../../lib/weekdays';
import { DayHours } from './day-hours';
import { HolidaysEditor } from './holidays-editor';
import classes from './rule-form.module.css';

/** The weekly schedule (Monday first, several ranges a day) and the holidays. */
export function BusinessHoursEditor({ form }: { form: RuleForm }) {
  const t = useAutoReplyText();
  const { i18n } = useTranslation();
  const days = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const scheduleError = form.errors['trigger.schedule'];

  return (
    <Stack gap="md">
      <div>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} maw={420}>
            <Text size="sm" fw={500}>
              {t('hours.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('hours.help')}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => form.setFieldValue('trigger.schedule', copyMondayToWeekdays(form.values.trigger.schedule))}
          >
            {t('hours.copyToWeekdays')}
          </Button>
        </Group>
        {scheduleError && <Input.Error mt={4}>{scheduleError}</Input.Error>}
        <div className={classes.week}>
          {days.map((name, day) => (
            <DayHours key={day} form={form} day={day} dayName={name} />
          ))}
        </div>
        <Text size="xs" c="dimmed" mt="xs">
          {t('hours.midnightHint')}
        </Text>
      </div>
      <HolidaysEditor form={form} />
    </Stack>
  );
}
