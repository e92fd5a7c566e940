import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Order } from '@switchboard/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { usePlanName } from '../../usage/public';
import { useCheckoutText } from '../checkout-text';
import { useCheckoutFormat } from '../lib/checkout-format';
import { usePeriodLabel } from './period-switch';

/** A paid order: what was bought, until when, who is now signed in, the invoice and the billing page. */
export function CheckoutSuccess({ order, signedIn }: { order: Order; signedIn: boolean }) {
  const t = useCheckoutText();
  const format = useCheckoutFormat();
  const planName = usePlanName();
  const periodLabel = usePeriodLabel();
  const user = useCurrentUser();
  return (
    <Card withBorder padding="xl" radius="md" role="status" data-testid="checkout-success">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck size={36} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('result.successTitle')}
        </Title>
        <Text>
          {t('result.successText', {
            plan: planName(order.planId),
            months: periodLabel(order.months),
            amount: format.money(order.quote.totalCents),
            date: format.date(order.quote.periodEnd),
          })}
        </Text>
        {signedIn && user && <Text c="dimmed">{t('result.signedIn', { name: user.displayName })}</Text>}
        <Group justify="center">
          {order.invoiceId && (
            <Button component={Link} to={`/views/billing/invoices/${order.invoiceId}`}>
              {t('result.viewInvoice')}
            </Button>
          )}
          <Button component={Link} to="/views/billing" variant="default">
            {t('result.goToBilling')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
