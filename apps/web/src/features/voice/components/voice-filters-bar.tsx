import { Button, CloseButton, Select, Stack, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNetworks } from '../../../lib/queries/use-networks';
import { hasVoiceFilters, NO_VOICE_FILTERS, type VoiceFilters } from '../lib/voice-filters';
import { useVoiceText } from '../voice-text';
import classes from './voice-filters-bar.module.css';

interface VoiceFiltersBarProps {
  value: VoiceFilters;
  onChange: (next: VoiceFilters) => void;
}

/** Search (the list debounces it), network, unlistened only and a date range, like the SMS inbox. */
export function VoiceFiltersBar({ value, onChange }: VoiceFiltersBarProps) {
  const t = useVoiceText();
  const networks = useNetworks();
  const set = (change: Partial<VoiceFilters>) => onChange({ ...value, ...change });

  return (
    <Stack gap="xs" p="sm" className={classes.bar} role="search" aria-label={t('filters.label')}>
      <TextInput
        aria-label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.q}
        onChange={(event) => set({ q: event.currentTarget.value })}
        rightSection={
          value.q ? (
            <CloseButton size="sm" aria-label={t('filters.clearSearch')} onClick={() => set({ q: '' })} />
          ) : null
        }
      />
      <div className={classes.row}>
        <Select
          size="xs"
          label={t('filters.network')}
          placeholder={t('filters.allNetworks')}
          data={(networks.data ?? []).map((network) => ({ value: network.id, label: network.name }))}
          value={value.networkId}
          onChange={(networkId) => set({ networkId })}
          clearable
        />
        <Switch
          size="sm"
          label={t('filters.unlistened')}
          checked={value.unlistened}
          onChange={(event) => set({ unlistened: event.currentTarget.checked })}
          className={classes.switch}
        />
        <TextInput
          size="xs"
          type="date"
          label={t('filters.from')}
          value={value.from}
          max={value.to || undefined}
          onChange={(event) => set({ from: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          type="date"
          label={t('filters.to')}
          value={value.to}
          min={value.from || undefined}
          onChange={(event) => set({ to: event.currentTarget.value })}
        />
      </div>
      {hasVoiceFilters(value) && (
        <Button size="compact-xs" variant="subtle" className={classes.clear} onClick={() => onChange(NO_VOICE_FILTERS)}>
          {t('filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
