import { Anchor, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import type { Campaign } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { isolateLtr } from '../../../lib/isolate';
import { useCampaignsText } from '../campaigns-text';
import { audienceSummary } from '../lib/audience-summary';
import { attempted, deliveryRate, formatPercent, optOutRate } from '../lib/campaign-figures';
import { CampaignStateBadge } from './campaign-state-badge';
import classes from './campaigns-table.module.css';

interface CampaignsTableProps {
  campaigns: Campaign[];
  listNames: ReadonlyMap<string, string>;
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** The campaign list: state, audience, sent, delivery and opt-out rates, who made it, when. */
export function CampaignsTable(props: CampaignsTableProps) {
  const t = useCampaignsText();
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { campaigns } = props;

  if (props.loading) {
    return (
      <Center p="xl" role="status">
        <Loader size="sm" aria-label={t('list.loading')} />
      </Center>
    );
  }
  if (props.failed) {
    return (
      <Stack align="center" p="xl" role="alert">
        <Text>{t('list.loadFailed')}</Text>
        <Button variant="default" onClick={props.onRetry}>
          {t('list.retry')}
        </Button>
      </Stack>
    );
  }
  if (campaigns.length === 0) {
    return (
      <Text p="xl" ta="center" c="dimmed">
        {props.filtered ? t('list.emptyFiltered') : t('list.empty')}
      </Text>
    );
  }

  return (
    <div className={classes.scroller}>
      <Table highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.name')}</Table.Th>
            <Table.Th>{t('list.state')}</Table.Th>
            <Table.Th className={classes.wide}>{t('list.audience')}</Table.Th>
            <Table.Th className={classes.number}>{t('list.sent')}</Table.Th>
            <Table.Th className={classes.number}>{t('list.deliveryRate')}</Table.Th>
            <Table.Th className={classes.number}>{t('list.optOutRate')}</Table.Th>
            <Table.Th className={classes.wide}>{t('list.createdBy')}</Table.Th>
            <Table.Th>{t('list.when')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => (
            <Table.Tr key={campaign.id} data-testid="campaign-row">
              <Table.Td>
                <Anchor component={Link} to={`/views/campaigns/${campaign.id}`} fw={600} className={classes.name}>
                  {campaign.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <CampaignStateBadge state={campaign.state} />
              </Table.Td>
              <Table.Td className={classes.wide}>
                <Text size="sm" lineClamp={1}>
                  {audienceSummary(campaign.audience, props.listNames, t)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.number}>
                {campaign.state === 'draft' ? (
                  <Text size="sm" c="dimmed" component="span">
                    {t('list.notStarted')}
                  </Text>
                ) : (
                  // "sent / recipients" reads left to right in every language (not "40 / 21" in Arabic).
                  isolateLtr(
                    `${number.format(attempted(campaign.counts))} / ${number.format(campaign.counts.recipients)}`,
                  )
                )}
              </Table.Td>
              <Table.Td className={classes.number}>
                {formatPercent(deliveryRate(campaign.counts), i18n.language)}
              </Table.Td>
              <Table.Td className={classes.number}>
                {formatPercent(optOutRate(campaign.counts), i18n.language)}
              </Table.Td>
              <Table.Td className={classes.wide}>
                {campaign.createdByApiKey
                  ? t('list.createdByApiKey', { name: campaign.createdByApiKey.name })
                  : (campaign.createdBy?.name ?? '—')}
              </Table.Td>
              <Table.Td>
                <time dateTime={campaign.startedAt ?? campaign.createdAt} dir="ltr">
                  {formatDateTime(campaign.startedAt ?? campaign.createdAt)}
                </time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {props.hasMore && (
        <Center p="md">
          <Button variant="default" loading={props.loadingMore} onClick={props.onLoadMore}>
            {t('list.loadMore')}
          </Button>
        </Center>
      )}
    </div>
  );
}
