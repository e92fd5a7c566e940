import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PlanId } from '@switchboard/contract';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useUsage } from '../../usage/public';
import { usePrices } from '../api/prices';
import { useCheckoutText } from '../checkout-text';
import { PeriodSwitch } from '../components/period-switch';
import { PricingPlanCard } from '../components/pricing-plan-card';
import { toPeriod } from '../lib/checkout-params';
import { useCheckoutFormat } from '../lib/checkout-format';

/** The plan the page recommends. */
const HIGHLIGHTED_PLAN: PlanId = 'business';

/** The signed-in admin's plan, to mark its card; undefined for visitors and editors. */
function useCurrentPlanId(): PlanId | undefined {
  const isAdmin = useCurrentUser()?.userRole === 'admin';
  return useUsage(isAdmin).data?.planId;
}

/**
 * /pricing (public): the four plans side by side at the chosen period (1, 3, 6 or 12 months),
 * every amount as the server priced it, each with a button to the checkout.
 */
export default function PricingPage() {
  const t = useCheckoutText();
  const format = useCheckoutFormat();
  const errorMessage = useApiErrorMessage();
  const prices = usePrices();
  const currentPlanId = useCurrentPlanId();
  const [searchParams, setSearchParams] = useSearchParams();
  // The period lives in the URL: a shared or reloaded link shows the same prices.
  const months = toPeriod(searchParams.get('period') ?? '1');

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('pricing.title')}
        </Title>
        <Text c="dimmed">{t('pricing.subtitle')}</Text>
      </Stack>
      <PeriodSwitch
        value={months}
        prices={prices.data}
        onChange={(next) => setSearchParams({ period: String(next) }, { replace: true })}
      />
      {prices.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('pricing.title')} />
        </Group>
      ) : prices.isError ? (
        <Alert color="red" title={t('pricing.loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(prices.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void prices.refetch()}>
              {t('pricing.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="lg">
            {prices.data.plans.map((plan) => (
              <PricingPlanCard
                key={plan.planId}
                plan={plan}
                months={months}
                current={plan.planId === currentPlanId}
                highlighted={plan.planId === HIGHLIGHTED_PLAN}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {prices.data.taxRatePercent > 0
              ? t('pricing.taxNote', { rate: format.percent(prices.data.taxRatePercent) })
              : t('pricing.noTaxNote')}
          </Text>
        </>
      )}
    </Stack>
  );
}
