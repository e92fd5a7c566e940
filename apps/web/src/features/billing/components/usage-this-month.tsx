import { Alert, Loader, Stack, Text } from '@mantine/core';
import { UsageBar, useUsage } from '../../usage/public';
import { useBillingText } from '../billing-text';

/** This month's SMS segments against the plan's quota: the usage feature's bar (live, with the plan). */
export function UsageThisMonth() {
  const t = useBillingText();
  const usage = useUsage();
  return (
    <Stack gap="xs" data-testid="billing-usage">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('subscription.usage')}
      </Text>
      {usage.isPending ? (
        <Loader size="sm" aria-label={t('subscription.usage')} />
      ) : usage.isError ? (
        <Alert color="red" variant="light">
          {t('subscription.usageFailed')}
        </Alert>
      ) : (
        <UsageBar usage={usage.data} />
      )}
    </Stack>
  );
}
