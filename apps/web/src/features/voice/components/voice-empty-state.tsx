import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilterOff, IconVoice } from '@tabler/icons-react';
import { useVoiceText } from '../voice-text';

/** No voice messages at all (what will appear here), or none matching the filters. */
export function VoiceEmptyState({ filtered }: { filtered: boolean }) {
  const t = useVoiceText();
  const Icon = filtered ? IconFilterOff : IconVoice;
  return (
    <Center py={48} px="md" style={{ flex: 1 }}>
      <Stack align="center" gap="sm" maw={320} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <Icon size={30} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h5">
          {filtered ? t('empty.filteredTitle') : t('empty.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {filtered ? t('empty.filteredText') : t('empty.text')}
        </Text>
      </Stack>
    </Center>
  );
}
