import { ActionIcon, Button, Group, Input, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MAX_RULE_KEYWORDS, type KeywordMatch } from '@switchboard/contract';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';

const MATCHES: KeywordMatch[] = ['exact', 'first-word', 'contains', 'regex'];

/** How keywords match (with what each mode means), case sensitivity, and the list of keywords. */
export function KeywordEditor({ form }: { form: RuleForm }) {
  const t = useAutoReplyText();
  const id = useId();
  const { match, keywords } = form.values.trigger;
  const regex = match === 'regex';
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const pendingFocus = useRef<number | null>(null);
  const listError = form.errors['trigger.keywords'];

  // An added keyword takes the focus once it is on screen.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    inputs.current[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  });

  const add = (at = keywords.length) => {
    if (keywords.length >= MAX_RULE_KEYWORDS) return;
    form.insertListItem('trigger.keywords', '', at);
    pendingFocus.current = at;
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the next keyword instead of submitting the whole rule.
    event.preventDefault();
    add(index + 1);
  };

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text id={`${id}-match`} size="sm" fw={500}>
          {t('form.match')}
        </Text>
        <SegmentedControl
          aria-labelledby={`${id}-match`}
          fullWidth
          data={MATCHES.map((value) => ({ value, label: t(`trigger.matches.${value}`) }))}
          value={match}
          onChange={(value) => form.setFieldValue('trigger.match', value as KeywordMatch)}
        />
        <Text size="xs" c="dimmed">
          {t(`trigger.matchHelp.${match}`)}
        </Text>
      </Stack>
      <Switch label={t('form.caseSensitive')} {...form.getInputProps('trigger.caseSensitive', { type: 'checkbox' })} />
      <Input.Wrapper
        label={regex ? t('form.patterns') : t('form.keywords')}
        description={t('form.keywordsHelp')}
        error={listError}
        labelElement="div"
      >
        <Stack gap="xs" mt={4}>
          {keywords.map((_, index) => (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                flex={1}
                ref={(node) => {
                  inputs.current[index] = node;
                }}
                aria-label={t(regex ? 'form.pattern' : 'form.keyword', { n: index + 1 })}
                dir={regex ? 'ltr' : 'auto'}
                ff={regex ? 'monospace' : undefined}
                onKeyDown={onKeyDown(index)}
                {...form.getInputProps(`trigger.keywords.${index}`)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                aria-label={t('form.removeKeyword', { n: index + 1 })}
                onClick={() => form.removeListItem('trigger.keywords', index)}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => add()}
            disabled={keywords.length >= MAX_RULE_KEYWORDS}
            style={{ alignSelf: 'flex-start' }}
          >
            {regex ? t('form.addPattern') : t('form.addKeyword')}
          </Button>
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}
