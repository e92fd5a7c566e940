import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TriggerType } from '@switchboard/contract';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';
import classes from './rule-form.module.css';

const TYPES: TriggerType[] = ['keyword', 'outside-hours', 'any', 'first-message'];

/** Which messages the rule answers: four cards, each saying what it means. */
export function TriggerPicker({ form }: { form: RuleForm }) {
  const t = useAutoReplyText();
  return (
    <Radio.Group
      label={t('trigger.label')}
      value={form.values.trigger.type}
      onChange={(value) => form.setFieldValue('trigger.type', value as TriggerType)}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
        {TYPES.map((type) => (
          <Radio.Card
            key={type}
            value={type}
            radius="md"
            p="sm"
            className={classes.triggerCard}
            aria-label={t(`trigger.types.${type}`)}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {t(`trigger.types.${type}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`trigger.descriptions.${type}`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
