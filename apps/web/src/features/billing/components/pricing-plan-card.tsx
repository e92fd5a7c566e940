import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { BillingPeriod, PricedPlan } from '@switchboard/contract';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { usePlanName, useUsageText } from '../../usage/public';
import { useCheckoutText } from '../checkout-text';
import { checkoutPath } from '../lib/checkout-params';
import { useCheckoutFormat } from '../lib/checkout-format';
import classes from './billing-checkout.module.css';
import { usePeriodLabel } from './period-switch';
import { usePlanFeatures } from './plan-features';

/** One plan at the chosen period: the server's price a month, the period's total and discount, the features. */
export function PricingPlanCard({
  plan,
  months,
  current,
  highlighted,
}: {
  plan: PricedPlan;
  months: BillingPeriod;
  current: boolean;
  highlighted: boolean;
}) {
  const t = useCheckoutText();
  const usageText = useUsageText();
  const format = useCheckoutFormat();
  const periodLabel = usePeriodLabel();
  const planFeatures = usePlanFeatures();
  const name = usePlanName()(plan.planId);
  const titleId = useId();
  const price = plan.prices.find((entry) => entry.months === months);
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      className={classes.plan}
      data-highlighted={highlighted || undefined}
      data-current={current || undefined}
      data-plan={plan.planId}
      padding="lg"
      radius="lg"
    >
      <Group justify="space-between" align="center" mb="xs">
        <Title order={2} size="h4" id={titleId}>
          {name}
        </Title>
        {current && (
          <Badge color="green" variant="light">
            {usageText('currentPlan')}
          </Badge>
        )}
      </Group>
      {price && (
        <Stack gap={2} mb="md">
          <Text className={classes.price} data-testid="per-month" data-cents={price.perMonthCents}>
            {t('pricing.perMonth', { amount: format.money(price.perMonthCents) })}
          </Text>
          <Text size="sm" data-testid="period-total" data-cents={price.totalCents}>
            {t('pricing.billed', { amount: format.money(price.totalCents), months: periodLabel(months) })}
          </Text>
          <Text size="sm" c={price.discountCents > 0 ? undefined : 'dimmed'} fw={price.discountCents > 0 ? 600 : 400}>
            {price.discountCents > 0
              ? t('pricing.discount', {
                  percent: format.percent(price.discountPercent),
                  amount: format.money(price.discountCents),
                })
              : t('pricing.noDiscount')}
          </Text>
        </Stack>
      )}
      <List
        spacing={8}
        size="sm"
        mb="xl"
        icon={
          <ThemeIcon size={20} radius="xl" color="green" variant="light">
            <IconCheck size={13} stroke={2.5} aria-hidden />
          </ThemeIcon>
        }
      >
        {planFeatures(plan).map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      <Button
        component={Link}
        to={checkoutPath(plan.planId, months)}
        variant={highlighted ? 'filled' : 'light'}
        fullWidth
        mt="auto"
      >
        {t('pricing.choose', { plan: name })}
      </Button>
    </Card>
  );
}
