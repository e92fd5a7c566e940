import { ActionIcon, Button, Group, Indicator, Popover, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { useConversationsText } from '../conversations-text';
import { activeFilterCount, NO_FILTERS, type ConversationFilters } from '../lib/conversation-filters';

interface ConversationFiltersBarProps {
  filters: ConversationFilters;
  onChange: (filters: ConversationFilters) => void;
  networks: Network[] | undefined;
  /** Settings next to the search (the opt-out replies button). */
  extra?: React.ReactNode;
}

const OPTED_OUT_VALUES = { any: null, yes: true, no: false } as const;
type OptedOutValue = keyof typeof OPTED_OUT_VALUES;

/** The search box (debounced by the caller) and the filters popover of the thread list. */
export function ConversationFiltersBar({ filters, onChange, networks, extra }: ConversationFiltersBarProps) {
  const t = useConversationsText();
  const active = activeFilterCount(filters);
  const set = (change: Partial<ConversationFilters>) => onChange({ ...filters, ...change });
  const optedOut: OptedOutValue = filters.optedOut === null ? 'any' : filters.optedOut ? 'yes' : 'no';

  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        flex={1}
        type="search"
        aria-label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.q}
        onChange={(event) => set({ q: event.currentTarget.value })}
        rightSection={
          filters.q ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('filters.clear')}
              onClick={() => set({ q: '' })}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          ) : null
        }
      />
      <Indicator disabled={active === 0} label={active} size={16} offset={4}>
        <Popover position="bottom-end" shadow="md" width={280} trapFocus>
          <Popover.Target>
            <ActionIcon
              variant={active ? 'light' : 'default'}
              size="lg"
              aria-label={active ? t('filters.activeCount', { n: active }) : t('filters.button')}
            >
              <IconFilter size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="sm">
              <Select
                label={t('filters.network')}
                placeholder={t('filters.allNetworks')}
                data={(networks ?? []).map((network) => ({ value: network.id, label: network.name }))}
                value={filters.networkId}
                onChange={(networkId) => set({ networkId })}
                clearable
                comboboxProps={{ withinPortal: false }}
              />
              <Switch
                label={t('filters.unreadOnly')}
                checked={filters.unread}
                onChange={(event) => set({ unread: event.currentTarget.checked })}
              />
              <Select
                label={t('filters.optedOut')}
                data={[
                  { value: 'any', label: t('filters.optedOutAny') },
                  { value: 'yes', label: t('filters.optedOutYes') },
                  { value: 'no', label: t('filters.optedOutNo') },
                ]}
                value={optedOut}
                onChange={(value) => set({ optedOut: OPTED_OUT_VALUES[(value ?? 'any') as OptedOutValue] })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
              <Group grow gap="xs">
                <TextInput
                  type="date"
                  label={t('filters.from')}
                  value={filters.from}
                  max={filters.to || undefined}
                  onChange={(event) => set({ from: event.currentTarget.value })}
                />
                <TextInput
                  type="date"
                  label={t('filters.to')}
                  value={filters.to}
                  min={filters.from || undefined}
                  onChange={(event) => set({ to: event.currentTarget.value })}
                />
              </Group>
              <Button
                variant="subtle"
                size="xs"
                disabled={active === 0}
                onClick={() => onChange({ ...NO_FILTERS, q: filters.q })}
              >
                {t('filters.clear')}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Indicator>
      {extra}
    </Group>
  );
}
