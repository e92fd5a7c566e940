import { Group, Select, Text } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { useNetworksText } from '../../networks-text';
import { NetworkKindIcon } from '../network-kind-icon';

interface NetworkPickerProps {
  networks: Network[];
  value: string | null;
  onChange: (id: string) => void;
}

/** Which network the settings page shows. */
export function NetworkPicker({ networks, value, onChange }: NetworkPickerProps) {
  const t = useNetworksText();
  const byId = new Map(networks.map((network) => [network.id, network]));
  const selected = value ? byId.get(value) : undefined;
  return (
    <Select
      label={t('settings.pick')}
      placeholder={t('settings.pickPlaceholder')}
      data={networks.map((network) => ({ value: network.id, label: network.name }))}
      value={selected ? value : null}
      onChange={(id) => id && onChange(id)}
      searchable={networks.length > 7}
      allowDeselect={false}
      nothingFoundMessage={t('settings.noNetworks')}
      leftSection={selected ? <NetworkKindIcon kind={selected.kind} size="sm" variant="transparent" /> : undefined}
      renderOption={({ option }) => {
        const network = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            {network && <NetworkKindIcon kind={network.kind} size="sm" />}
            <Text size="sm">{option.label}</Text>
            {network && (
              <Text size="xs" c="dimmed">
                {t(`kinds.${network.kind}.name`)}
              </Text>
            )}
          </Group>
        );
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
