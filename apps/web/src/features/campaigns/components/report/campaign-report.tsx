import { Alert, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Campaign } from '@switchboard/contract';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { isolateLtr } from '../../../../lib/isolate';
import { UsageBar, useUsage } from '../../../usage/public';
import { useCampaignThroughput } from '../../api/use-campaign-throughput';
import { useRecipientActivity } from '../../api/use-recipient-activity';
import { useCampaignsText } from '../../campaigns-text';
import { formatDuration, isLive } from '../../lib/campaign-figures';
import { CampaignStateBadge } from '../campaign-state-badge';
import { ProgressCounts } from './progress-counts';
import { RecipientsPanel } from './recipients-panel';
import { ReportActions } from './report-actions';

// uPlot and its canvas code load only with a report.
const ThroughputChart = lazy(() => import('./throughput-chart'));

interface CampaignReportProps {
  campaign: Campaign;
  /** The latest progress event's ETA, when one came. */
  etaSeconds: number | null | undefined;
}

/** A started campaign: state, live counts, throughput and ETA, its actions and its recipients. */
export function CampaignReport({ campaign, etaSeconds }: CampaignReportProps) {
  const t = useCampaignsText();
  const { i18n } = useTranslation();
  const usage = useUsage();
  useRecipientActivity(campaign.id);
  const live = isLive(campaign.state);
  const throughput = useCampaignThroughput(campaign.id, campaign.state === 'sending');
  const eta = etaSeconds !== undefined ? etaSeconds : (throughput.data?.etaSeconds ?? null);
  const labels = useMemo(
    () => ({
      time: t('recipients.when'),
      sent: t('report.counts.sent'),
      delivered: t('report.counts.delivered'),
      failed: t('report.counts.failed'),
    }),
    [t],
  );
  const buckets = throughput.data?.buckets ?? [];
  const { exclusions } = campaign;

  return (
    <Stack gap="md">
      <Card radius="lg" padding="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={2} size="h3">
                {campaign.name}
              </Title>
              <CampaignStateBadge state={campaign.state} />
            </Group>
            <Text size="sm" c="dimmed">
              {campaign.state === 'scheduled' && campaign.schedule.sendAt
                ? t('report.scheduledFor', { when: isolateLtr(formatDateTime(campaign.schedule.sendAt)) })
                : campaign.startedAt && t('report.started', { when: isolateLtr(formatDateTime(campaign.startedAt)) })}
              {campaign.finishedAt &&
                ` · ${t('report.finished', { when: isolateLtr(formatDateTime(campaign.finishedAt)) })}`}
            </Text>
            {live && (
              <Text size="sm" fw={500} data-testid="campaign-eta">
                {eta ? t('report.eta', { duration: formatDuration(eta, i18n.language) }) : t('report.etaNone')}
              </Text>
            )}
          </Stack>
          <ReportActions campaign={campaign} />
        </Group>
        {campaign.failureReason && (
          <Alert color="red" mt="md">
            {t('report.failureReason', { reason: campaign.failureReason })}
          </Alert>
        )}
        <div style={{ marginTop: 'var(--mantine-spacing-lg)' }} aria-live="polite" aria-atomic="false">
          <ProgressCounts counts={campaign.counts} />
        </div>
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <Card radius="lg" padding="lg" style={{ gridColumn: 'span 2' }}>
          <Title order={2} size="h4" mb="sm">
            {t('report.throughput')}
          </Title>
          {buckets.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('report.throughputEmpty')}
            </Text>
          ) : (
            <Suspense fallback={<div style={{ height: 260 }} />}>
              <ThroughputChart buckets={buckets} labels={labels} description={t('report.throughputLabel')} />
            </Suspense>
          )}
        </Card>
        <Card radius="lg" padding="lg">
          <Stack gap="md">
            {usage.data && <UsageBar usage={usage.data} />}
            <div>
              <Text size="xs" c="dimmed" mb={4}>
                {t('report.message')}
              </Text>
              <Paper withBorder p="sm" radius="md">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
                  {campaign.body}
                </Text>
              </Paper>
            </div>
            {exclusions && (
              <Text size="xs" c="dimmed">
                {t('report.exclusions', {
                  optedOut: exclusions.optedOut,
                  invalid: exclusions.invalid,
                  duplicate: exclusions.duplicate,
                  missing: exclusions.missingVariable,
                })}
              </Text>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card radius="lg" padding={0}>
        <RecipientsPanel campaignId={campaign.id} live={campaign.state === 'sending'} />
      </Card>
    </Stack>
  );
}
