import { Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { REPLY_VARIABLES, type ReplyVariable } from '@switchboard/contract';
import { useEffect, useId, useRef } from 'react';
import { useAutoReplyText } from '../../auto-reply-text';
import { insertAt } from '../../lib/reply-preview';
import type { RuleForm } from '../../lib/rule-form-values';

/** The reply text with one button per variable, which inserts it where the cursor is. */
export function ReplyEditor({ form }: { form: RuleForm }) {
  const t = useAutoReplyText();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingCursor = useRef<number | null>(null);

  // After an insert, the cursor goes behind the variable (once the new text is rendered).
  useEffect(() => {
    const node = textarea.current;
    const cursor = pendingCursor.current;
    if (cursor === null || !node) return;
    pendingCursor.current = null;
    node.focus();
    node.setSelectionRange(cursor, cursor);
  });

  const insert = (variable: ReplyVariable) => {
    const node = textarea.current;
    const text = form.values.replyText;
    const selection = node
      ? { start: node.selectionStart, end: node.selectionEnd }
      : { start: text.length, end: text.length };
    const next = insertAt(text, `{${variable}}`, selection);
    form.setFieldValue('replyText', next.text);
    pendingCursor.current = next.cursor;
  };

  return (
    <Stack gap={6}>
      <Textarea
        ref={textarea}
        label={t('form.replyText')}
        autosize
        minRows={3}
        maxRows={8}
        dir="auto"
        {...form.getInputProps('replyText')}
      />
      <Group gap={6} role="group" aria-labelledby={`${id}-variables`}>
        <Text id={`${id}-variables`} size="xs" c="dimmed">
          {t('form.variables')}
        </Text>
        {REPLY_VARIABLES.map((variable) => (
          <Tooltip key={variable} label={t(`form.variableHelp.${variable}`)}>
            <Button
              size="compact-xs"
              variant="light"
              ff="monospace"
              dir="ltr"
              aria-label={t('form.insertVariable', {
                variable: `{${variable}}`,
                description: t(`form.variableHelp.${variable}`),
              })}
              onClick={() => insert(variable)}
            >
              {`{${variable}}`}
            </Button>
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}
