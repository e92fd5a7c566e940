import { NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_COOLDOWN_MINUTES } from '@switchboard/contract';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';
import { TimeZoneSelect } from './time-zone-select';

/** The cooldown per contact, the rule's time zone and its optional active dates. */
export function TimingFields({ form }: { form: RuleForm }) {
  const t = useAutoReplyText();
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('form.cooldown')}
        description={t('form.cooldownHelp')}
        min={0}
        max={MAX_COOLDOWN_MINUTES}
        allowDecimal={false}
        allowNegative={false}
        dir="ltr"
        maw={360}
        {...form.getInputProps('cooldownMinutes')}
      />
      <TimeZoneSelect value={form.values.timeZone} error={form.errors.timeZone} setFieldValue={form.setFieldValue} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput type="date" dir="ltr" label={t('form.activeFrom')} {...form.getInputProps('activeFrom')} />
        <TextInput type="date" dir="ltr" label={t('form.activeUntil')} {...form.getInputProps('activeUntil')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {t('form.activeHelp')}
      </Text>
    </Stack>
  );
}
