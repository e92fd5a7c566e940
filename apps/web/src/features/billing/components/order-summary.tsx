import { Alert, Card, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import type { Quote, QuoteLine } from '@switchboard/contract';
import { Fragment, useId } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { usePlanName } from '../../usage/public';
import { useCheckoutText } from '../checkout-text';
import { useCheckoutFormat } from '../lib/checkout-format';
import classes from './billing-checkout.module.css';
import { usePeriodLabel } from './period-switch';

function Line({ label, cents, kind, strong }: { label: string; cents: number; kind: string; strong?: boolean }) {
  const format = useCheckoutFormat();
  return (
    <div className={classes.line} data-line={kind}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} className={classes.amount} data-cents={cents}>
        {format.money(cents)}
      </Text>
    </div>
  );
}

/**
 * The server's quote, line by line (plan × period, discount, setup fee, proration credit, tax),
 * its total and the next renewal date. Nothing here is computed in the browser.
 */
export function OrderSummary({
  quote,
  discountPercent,
  loading,
  error,
}: {
  quote: Quote | undefined;
  /** The period's discount as the server's price table gives it. */
  discountPercent: number | undefined;
  loading: boolean;
  error: unknown;
}) {
  const t = useCheckoutText();
  const format = useCheckoutFormat();
  const planName = usePlanName();
  const periodLabel = usePeriodLabel();
  const errorMessage = useApiErrorMessage();
  const titleId = useId();

  const lineLabel = (line: QuoteLine, current: Quote) => {
    switch (line.kind) {
      case 'plan':
        return t('summary.plan', { plan: planName(current.planId), months: periodLabel(current.months) });
      case 'discount':
        return t('summary.discount', { percent: format.percent(discountPercent ?? 0) });
      case 'setup_fee':
        return t('summary.setupFee');
      case 'proration_credit':
        return t('summary.prorationCredit');
      case 'tax':
        return t('summary.tax', { percent: format.percent(current.taxRatePercent) });
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId} className={classes.summary}>
      <Title order={2} size="h4" id={titleId} mb="md">
        {t('summary.title')}
      </Title>
      {error ? (
        <Alert color="red" title={t('summary.unavailable')} role="alert">
          {errorMessage(error)}
          {/* The server says what would work ("choose at least 12 months"). */}
          {error instanceof ApiError && error.code === 'BILLING_STATE_CONFLICT' && (
            <Text size="sm" mt={4}>
              {error.message}
            </Text>
          )}
        </Alert>
      ) : !quote ? (
        <Stack align="center" py="md">
          <Loader size="sm" aria-label={t('summary.loading')} />
        </Stack>
      ) : (
        <Stack gap="xs" aria-busy={loading} data-testid="order-summary">
          {quote.lines.map((line) => (
            <Fragment key={line.kind}>
              {/* With a tax, what it is computed on comes first. */}
              {line.kind === 'tax' && (
                <Line kind="subtotal" label={t('summary.subtotal')} cents={quote.subtotalCents} />
              )}
              <Line kind={line.kind} label={lineLabel(line, quote)} cents={line.amountCents} />
            </Fragment>
          ))}
          <Divider my={4} />
          <Line kind="total" label={t('summary.total')} cents={quote.totalCents} strong />
          <div className={classes.line} data-line="renewal">
            <Text size="sm" c="dimmed">
              {t('summary.renewal')}
            </Text>
            <Text size="sm" className={classes.amount} data-date={quote.periodEnd}>
              {format.date(quote.periodEnd)}
            </Text>
          </div>
          {(quote.kind === 'renewal' || quote.kind === 'downgrade') && (
            <Text size="sm" c="dimmed">
              {t('summary.startsOn', { date: format.date(quote.periodStart) })}
            </Text>
          )}
          {quote.kind === 'upgrade' && (
            <Text size="sm" c="dimmed">
              {t('summary.upgradeNow')}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
