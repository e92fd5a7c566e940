import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { CAMPAIGN_STATES, type CampaignState } from '@switchboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { UsageBar, useUsage } from '../../usage/public';
import { useAudienceSources } from '../api/use-audience-sources';
import { useCampaignEvents } from '../api/use-campaign-events';
import { useCampaigns } from '../api/use-campaigns';
import { useCampaignsText } from '../campaigns-text';
import { CampaignsTable } from '../components/campaigns-table';
import { NewCampaignModal } from '../components/new-campaign-modal';
import classes from './campaigns-page.module.css';

function toState(value: string | null): CampaignState | null {
  return (CAMPAIGN_STATES as readonly string[]).includes(value ?? '') ? (value as CampaignState) : null;
}

/** /views/campaigns: every campaign, newest first, filtered by state (?state=), and "New campaign". */
export default function CampaignsPage() {
  useCampaignEvents();
  const t = useCampaignsText();
  const [params, setParams] = useSearchParams();
  const state = toState(params.get('state'));
  const [creating, setCreating] = useState(false);
  const list = useCampaigns(state);
  const usage = useUsage();
  const sources = useAudienceSources();
  const campaigns = useMemo(() => list.data?.pages.flatMap((page) => page.campaigns) ?? [], [list.data]);
  const listNames = useMemo(() => new Map(sources.data?.lists.map((item) => [item.id, item.name])), [sources.data]);

  const setState = (value: string | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set('state', value);
        else next.delete('state');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Card radius="lg" padding={0}>
        <Group justify="space-between" align="flex-end" p="md" className={classes.header} gap="md">
          <Stack gap="sm" style={{ flex: '1 1 20rem' }} maw={560}>
            {/* The page's title (h1) is the layout's: this line says what campaigns are. */}
            <Text size="sm" c="dimmed">
              {t('list.subtitle')}
            </Text>
            {usage.data && <UsageBar usage={usage.data} />}
          </Stack>
          <Group gap="xs" align="flex-end">
            <Select
              label={t('list.stateFilter')}
              placeholder={t('list.allStates')}
              data={CAMPAIGN_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
              value={state}
              onChange={setState}
              clearable
              w={180}
            />
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              {t('list.newCampaign')}
            </Button>
          </Group>
        </Group>
        <CampaignsTable
          campaigns={campaigns}
          listNames={listNames}
          loading={list.isPending}
          failed={list.isError && !list.data}
          filtered={state !== null}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onRetry={() => void list.refetch()}
        />
      </Card>
      {creating && <NewCampaignModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}
