import { Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import type { Campaign } from '@switchboard/contract';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNetworks } from '../../../../lib/queries/use-networks';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { UsageBar, useUsage } from '../../../usage/public';
import { useAudienceSources } from '../../api/use-audience-sources';
import { useCampaignAction } from '../../api/use-campaign-mutations';
import { useCampaignReview } from '../../api/use-campaign-review';
import { useCampaignsText } from '../../campaigns-text';
import { useCampaignsNotifications } from '../../hooks/use-campaigns-notifications';
import { useDraft, type Draft } from '../../hooks/use-draft';
import { maxRate } from '../../lib/draft';
import { CampaignStateBadge } from '../campaign-state-badge';
import { AudienceStep } from './audience-step';
import { DeleteDraftButton } from './delete-draft-button';
import { MessageStep } from './message-step';
import { NameStep } from './name-step';
import { NetworksStep } from './networks-step';
import { ReviewStep } from './review-step';
import { ScheduleStep } from './schedule-step';

const STEPS = ['name', 'networks', 'audience', 'message', 'schedule', 'review'] as const;
const MESSAGE_STEP = STEPS.indexOf('message');

function toStep(value: string | null): number {
  const index = STEPS.indexOf(value as (typeof STEPS)[number]);
  return index === -1 ? 0 : index;
}

function SaveStatus({ draft }: { draft: Draft }) {
  const t = useCampaignsText();
  const errorMessage = useApiErrorMessage();
  return (
    <Text
      size="sm"
      c={draft.status === 'error' ? 'red.8' : 'dimmed'}
      aria-live="polite"
      data-testid="draft-status"
      mih={22}
    >
      {draft.status === 'saving' && t('wizard.saving')}
      {draft.status === 'saved' && (
        <>
          <IconCheck size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('wizard.saved')}
        </>
      )}
      {draft.status === 'error' && t('wizard.saveFailed', { reason: errorMessage(draft.error) })}
    </Text>
  );
}

/** A draft campaign in six steps (the step is in the URL, ?step=); every change is saved as one goes. */
export function CampaignWizard({ campaign }: { campaign: Campaign }) {
  const t = useCampaignsText();
  const notify = useCampaignsNotifications();
  const [params, setParams] = useSearchParams();
  const step = toStep(params.get('step'));
  const draft = useDraft(campaign);
  const networks = useNetworks();
  const sources = useAudienceSources();
  const usage = useUsage();
  const review = useCampaignReview(campaign, null, step >= MESSAGE_STEP);
  const action = useCampaignAction();
  const throughputs = useMemo(
    () => new Map(networks.data?.map((network) => [network.id, network.throughput])),
    [networks.data],
  );

  // The step last asked for until the URL shows it: the router renders a navigation as a
  // transition, so a second click on Next before it is drawn would otherwise start from the old step.
  const pending = useRef<number | null>(null);
  useEffect(() => {
    if (pending.current === step) pending.current = null;
  }, [step]);
  const from = () => pending.current ?? step;
  const go = (index: number) => {
    const to = Math.max(0, Math.min(STEPS.length - 1, index));
    pending.current = to;
    void draft.flush();
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('step', STEPS[to]!);
        return next;
      },
      { replace: true },
    );
  };

  const start = async () => {
    await draft.flush();
    action.mutate({ id: campaign.id, action: 'start' }, { onSuccess: () => notify.success(t('report.done.start')) });
  };

  return (
    <Card radius="lg" padding="lg">
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="md">
        <Stack gap={4} style={{ flex: '1 1 16rem' }} miw={0}>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {draft.values.name.trim() || campaign.name}
            </Title>
            <CampaignStateBadge state={campaign.state} />
          </Group>
          <SaveStatus draft={draft} />
        </Stack>
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ flex: '0 1 30rem' }}>
          <div style={{ flex: 1, minWidth: '14rem' }}>{usage.data && <UsageBar usage={usage.data} />}</div>
          <DeleteDraftButton campaign={campaign} />
        </Group>
      </Group>
      <Stepper active={step} onStepClick={go} size="sm" allowNextStepsSelect wrap>
        <Stepper.Step label={t('wizard.steps.name')}>
          <NameStep draft={draft} />
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.networks')}>
          <NetworksStep draft={draft} networks={networks.data ?? []} />
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.audience')}>
          <AudienceStep draft={draft} lists={sources.data?.lists ?? []} tags={sources.data?.tags ?? []} />
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.message')}>
          <MessageStep
            draft={draft}
            campaignId={campaign.id}
            fields={sources.data?.fields ?? []}
            review={review.data}
          />
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.schedule')}>
          <ScheduleStep draft={draft} maxRate={maxRate(draft.values.networkIds, throughputs)} />
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.review')}>
          <ReviewStep
            campaign={campaign}
            review={review.data}
            loading={review.isFetching || draft.status === 'saving'}
            failed={review.error}
            onRefresh={() => void review.refetch()}
            starting={action.isPending}
            startError={action.error}
            onStart={() => void start()}
          />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" mt="xl">
        <Button variant="default" onClick={() => go(from() - 1)} disabled={step === 0}>
          {t('wizard.back')}
        </Button>
        {step < STEPS.length - 1 && <Button onClick={() => go(from() + 1)}>{t('wizard.next')}</Button>}
      </Group>
    </Card>
  );
}
