import { Code, Group, Stack, Text } from '@mantine/core';
import { CopyAction } from '../../../components/copy-action';

interface CopyFieldProps {
  label: string;
  value: string;
  description?: string;
}

/** A value to type or paste elsewhere (a URL, a token), with a copy button. */
export function CopyField({ label, value, description }: CopyFieldProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block dir="ltr" style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <CopyAction value={value} label={label} size="lg" />
      </Group>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
