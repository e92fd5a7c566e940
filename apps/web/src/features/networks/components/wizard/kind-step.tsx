import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { NetworkKind } from '@switchboard/contract';
import { NETWORK_KIND_ORDER } from '../../lib/network-kinds';
import { useNetworksText } from '../../networks-text';
import { NetworkKindIcon } from '../network-kind-icon';
import classes from './wizard.module.css';

interface KindStepProps {
  value: NetworkKind | null;
  onChange: (kind: NetworkKind) => void;
}

/** Step 1: one card per kind, saying what it is and what it needs. */
export function KindStep({ value, onChange }: KindStepProps) {
  const t = useNetworksText();
  return (
    <Radio.Group
      value={value}
      onChange={(kind) => onChange(kind as NetworkKind)}
      label={t('wizard.kindLegend')}
      labelProps={{ mb: 'sm' }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {NETWORK_KIND_ORDER.map((kind) => (
          <Radio.Card key={kind} value={kind} radius="md" p="md" className={classes.kindCard}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <NetworkKindIcon kind={kind} size="xl" />
              <Stack gap={4} style={{ flex: 1 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Text fw={700} c="bright" lh={1.3}>
                    {t(`kinds.${kind}.title`)}
                  </Text>
                  <Radio.Indicator size="sm" />
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`kinds.${kind}.text`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
