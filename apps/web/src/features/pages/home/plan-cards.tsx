import { Badge, Button, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { Plan, PlanId } from '@switchboard/contract';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kFormat } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { usePlanName, useUsage, useUsageText } from '../../usage/public';
import { HIGHLIGHTED_PLAN, HOME_PLANS } from './plans';
import { usePagesText } from '../pages-text';
import classes from './home.module.css';

function usePlanFeatures(plan: Plan): string[] {
  const t = usePagesText();
  const { i18n } = useTranslation();
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const unlimited = plan.monthlySmsQuota === null;
  const features: string[] = [];
  if (unlimited && plan.controlPanel) features.push(t('home.plans.fullControlPanel'));
  if (plan.whatsapp) features.push(t('home.plans.whatsapp'));
  if (plan.multipleNumbers) features.push(t('home.plans.multipleNumbers'));
  if (!unlimited && plan.controlPanel) features.push(t('home.plans.controlPanel'));
  if (plan.developerApi) features.push(t('home.plans.developerApi'));
  if (plan.setupFeeCents) features.push(t('home.plans.setupFee', { amount: usd.format(plan.setupFeeCents / 100) }));
  return features;
}

/** The signed-in admin's plan, to mark its card; undefined for guests and editors. */
function useCurrentPlanId(): PlanId | undefined {
  const isAdmin = useCurrentUser()?.userRole === 'admin';
  return useUsage(isAdmin).data?.planId;
}

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  const t = usePagesText();
  const usageText = useUsageText();
  const { i18n } = useTranslation();
  const features = usePlanFeatures(plan);
  const name = usePlanName()(plan.id);
  const highlighted = plan.id === HIGHLIGHTED_PLAN;
  const quota =
    plan.monthlySmsQuota === null
      ? t('home.plans.unlimitedQuota')
      : t('home.plans.quota', { volume: kFormat(plan.monthlySmsQuota, i18n.language) });
  return (
    <Card
      className={classes.plan}
      data-highlighted={highlighted || undefined}
      data-current={current || undefined}
      padding="lg"
      radius="lg"
    >
      <Group justify="space-between" align="center" mb="xs">
        <Title order={3} size="h4">
          {name}
        </Title>
        {current ? (
          <Badge color="success" variant="light">
            {usageText('currentPlan')}
          </Badge>
        ) : (
          highlighted && (
            <Badge color="brand" variant="light">
              {t('home.plans.popular')}
            </Badge>
          )
        )}
      </Group>
      <Text fz="lg" fw={700} c="var(--mantine-color-bright)" mb="md" className={classes.quota}>
        {quota}
      </Text>
      <List
        spacing={8}
        size="sm"
        mb="xl"
        className={classes.planFeatures}
        icon={
          <ThemeIcon size={20} radius="xl" color="success" variant="light">
            <IconCheck size={13} stroke={2.5} aria-hidden />
          </ThemeIcon>
        }
      >
        {features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      <Button
        component={Link}
        to={`/CheckOut?plan=${plan.id}`}
        variant={highlighted ? 'filled' : 'light'}
        fullWidth
        mt="auto"
      >
        {t('home.plans.choose')}
        <VisuallyHidden>{name}</VisuallyHidden>
      </Button>
    </Card>
  );
}

/** The four plans of spec §9, by monthly SMS volume. */
export function PlanCards() {
  const t = usePagesText();
  const currentPlanId = useCurrentPlanId();
  return (
    <section aria-labelledby="home-plans" className={classes.section}>
      <div className={classes.sectionIntro}>
        <Title order={2} id="home-plans" className={classes.sectionTitle}>
          {t('home.plans.title')}
        </Title>
        <Text c="dimmed">{t('home.plans.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="lg">
        {HOME_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} current={plan.id === currentPlanId} />
        ))}
      </SimpleGrid>
    </section>
  );
}
