import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useNetworksText } from '../networks-text';

interface CopyFieldProps {
  label: string;
  value: string;
  description?: string;
}

/** A value to type or paste elsewhere (a URL, a token), with a copy button. */
export function CopyField({ label, value, description }: CopyFieldProps) {
  const t = useNetworksText();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block dir="ltr" style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('copy.copied') : t('copy.copy')} withArrow>
              <ActionIcon
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'success' : 'gray'}
                size="lg"
                onClick={copy}
                aria-label={t('copy.label', { what: label })}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
