import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { CAMPAIGN_RECIPIENT_STATES } from '@switchboard/contract';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { exportCampaignRecipients, useCampaignRecipients } from '../../api/use-campaign-recipients';
import { useCampaignsText } from '../../campaigns-text';
import { useCampaignsNotifications } from '../../hooks/use-campaigns-notifications';
import { NO_RECIPIENT_FILTERS, type RecipientFilters } from '../../lib/recipient-filters';
import { RecipientsTable } from './recipients-table';

const toFlag = (value: string | null) => (value === 'yes' ? true : value === 'no' ? false : null);
const fromFlag = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');

/** The recipients with their filters (state, replied, opted out, search) and the CSV of the filter. */
export function RecipientsPanel({ campaignId, live }: { campaignId: string; live: boolean }) {
  const t = useCampaignsText();
  const notify = useCampaignsNotifications();
  const [filters, setFilters] = useState<RecipientFilters>(NO_RECIPIENT_FILTERS);
  const [exporting, setExporting] = useState(false);
  const q = useDeferredValue(filters.q);
  const query = useMemo(() => ({ ...filters, q }), [filters, q]);
  const list = useCampaignRecipients(campaignId, query, live);
  const recipients = useMemo(() => list.data?.pages.flatMap((page) => page.recipients) ?? [], [list.data]);
  const set = (change: Partial<RecipientFilters>) => setFilters((old) => ({ ...old, ...change }));
  const flags = [
    { value: 'yes', label: t('recipients.yes') },
    { value: 'no', label: t('recipients.no') },
  ];

  const download = async () => {
    setExporting(true);
    try {
      await exportCampaignRecipients(campaignId, query);
    } catch (error) {
      notify.failure(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap={0}>
      <Group justify="space-between" p="md" gap="sm" align="flex-end">
        <Title order={2} size="h4">
          {t('recipients.title')}
        </Title>
        <Group gap="xs" align="flex-end">
          <TextInput
            aria-label={t('recipients.search')}
            placeholder={t('recipients.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filters.q}
            onChange={(event) => set({ q: event.currentTarget.value })}
            w={260}
          />
          <Select
            aria-label={t('recipients.state')}
            placeholder={t('recipients.allStates')}
            data={CAMPAIGN_RECIPIENT_STATES.map((value) => ({ value, label: t(`report.counts.${value}`) }))}
            value={filters.state}
            onChange={(value) => set({ state: value as RecipientFilters['state'] })}
            clearable
            w={150}
          />
          <Select
            aria-label={t('recipients.replied')}
            placeholder={t('recipients.replied')}
            data={flags}
            value={fromFlag(filters.replied)}
            onChange={(value) => set({ replied: toFlag(value) })}
            clearable
            w={130}
          />
          <Select
            aria-label={t('recipients.optedOut')}
            placeholder={t('recipients.optedOut')}
            data={flags}
            value={fromFlag(filters.optedOut)}
            onChange={(value) => set({ optedOut: toFlag(value) })}
            clearable
            w={130}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void download()}
          >
            {t('recipients.export')}
          </Button>
        </Group>
      </Group>
      <RecipientsTable list={list} recipients={recipients} filterKey={JSON.stringify(query)} />
    </Stack>
  );
}
