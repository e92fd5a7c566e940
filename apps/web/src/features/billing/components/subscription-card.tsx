import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BillingOverview, Subscription } from '@switchboard/contract';
import { IconArrowBackUp, IconCalendarX, IconExchange, IconRefresh } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { usePlanName } from '../../usage/public';
import { useCancelSubscription, useResumeSubscription } from '../api/overview';
import { useBillingText } from '../billing-text';
import { useBillingFormat } from '../lib/billing-format';
import classes from './billing.module.css';
import { CancelSubscriptionModal } from './cancel-subscription-modal';
import { UsageThisMonth } from './usage-this-month';

const STATUS_COLORS: Record<Subscription['status'], string> = { none: 'gray', active: 'success', canceling: 'warning' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The plan in force and its paid period (or the free fallback), a next period already paid for,
 * this month's SMS against the quota, and what an admin may do: change plan, buy the next
 * period, cancel at period end (asked first) or resume a cancel.
 */
export function SubscriptionCard({ overview }: { overview: BillingOverview }) {
  const t = useBillingText();
  const format = useBillingFormat();
  const planName = usePlanName();
  const notify = useFeatureNotifications(t('subscription.failed'));
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const { subscription, providers } = overview;
  const paid = subscription.status !== 'none' && subscription.periodEnd !== null;
  const periodEnd = subscription.periodEnd ? format.date(subscription.periodEnd) : '';
  const testMode = providers.card === 'test' || providers.paypal === 'test';

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (changed) => {
        setConfirming(false);
        notify.success(t('subscription.canceled', { date: changed.periodEnd ? format.date(changed.periodEnd) : '' }));
      },
      onError: (error) => {
        setConfirming(false);
        notify.failure(error);
      },
    });
  const doResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => notify.success(t('subscription.resumed')),
      onError: notify.failure,
    });

  return (
    <Card withBorder padding="lg" radius="md" className={classes.card} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('subscription.title')}
        </Title>
        {testMode && (
          <Badge variant="light" color="warning" radius="sm" className={classes.badge}>
            {t('testMode')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" mb="lg">
        <Fact label={t('subscription.plan')}>
          <Text fw={700} size="lg" data-testid="billing-plan">
            {planName(subscription.planId)}
          </Text>
        </Fact>
        <Fact label={t('subscription.status')}>
          <Badge
            variant="light"
            radius="sm"
            color={STATUS_COLORS[subscription.status]}
            classNames={{ root: classes.badge, label: subscription.status === 'none' ? classes.quietLabel : undefined }}
            data-testid="billing-status"
            data-status={subscription.status}
          >
            {subscription.status === 'canceling'
              ? t('subscription.statuses.canceling', { date: periodEnd })
              : t(`subscription.statuses.${subscription.status}`)}
          </Badge>
        </Fact>
        {paid && subscription.periodStart && subscription.months && (
          <>
            <Fact label={t('subscription.period')}>{format.period(subscription.months)}</Fact>
            <Fact label={t('subscription.periodStart')}>{format.date(subscription.periodStart)}</Fact>
            <Fact label={t('subscription.periodEnd')}>
              <span data-testid="billing-period-end">{periodEnd}</span>
            </Fact>
          </>
        )}
        {subscription.next && (
          <Fact label={t('subscription.next')}>
            <span data-testid="billing-next">
              {t('subscription.nextValue', {
                planPeriod: t('planPeriod', {
                  plan: planName(subscription.next.planId),
                  period: format.period(subscription.next.months),
                }),
                date: periodEnd,
              })}
            </span>
          </Fact>
        )}
      </SimpleGrid>
      {!paid && (
        <Alert color="gray" variant="light" mb="lg">
          {subscription.planId === 'starter' ? t('subscription.noPeriod') : t('subscription.noPeriodGranted')}
        </Alert>
      )}
      {subscription.status === 'canceling' && (
        <Alert color="warning" variant="light" mb="lg">
          {t('subscription.endsHint', { date: periodEnd })}
        </Alert>
      )}
      <UsageThisMonth />
      <Group gap="sm" mt="lg">
        <Button component={Link} to="/pricing" leftSection={<IconExchange size={18} aria-hidden />}>
          {t('subscription.changePlan')}
        </Button>
        {subscription.status === 'active' && !subscription.next && subscription.months && (
          <Button
            component={Link}
            to={`/CheckOut?plan=${subscription.planId}&period=${subscription.months}`}
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
          >
            {t('subscription.renew')}
          </Button>
        )}
        {subscription.status === 'active' && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconCalendarX size={18} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('subscription.cancel')}
          </Button>
        )}
        {subscription.status === 'canceling' && (
          <Button
            variant="default"
            loading={resume.isPending}
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={doResume}
          >
            {t('subscription.resume')}
          </Button>
        )}
      </Group>
      <CancelSubscriptionModal
        opened={confirming}
        planName={planName(subscription.planId)}
        periodEnd={periodEnd}
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
