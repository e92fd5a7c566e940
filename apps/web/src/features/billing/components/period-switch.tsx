import { SegmentedControl, Text } from '@mantine/core';
import { BILLING_PERIODS, type BillingPeriod, type PricesResponse } from '@switchboard/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { useCheckoutText } from '../checkout-text';
import classes from './billing-checkout.module.css';
import { useCheckoutFormat } from '../lib/checkout-format';

/** The server's discount for each period (the same for every plan). */
function discountsOf(prices: PricesResponse | undefined): Partial<Record<BillingPeriod, number>> {
  const result: Partial<Record<BillingPeriod, number>> = {};
  for (const price of prices?.plans[0]?.prices ?? []) result[price.months] = price.discountPercent;
  return result;
}

export function usePeriodLabel() {
  const t = useCheckoutText();
  const format = useCheckoutFormat();
  return (months: BillingPeriod) => t(`periods.m${months}`, { count: format.count(months) });
}

/** Phones stack a switch's options: four side by side would not fit 360 px. */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 36em)') ?? false;
}

/** 1, 3, 6 or 12 months, each with the discount the server gives it. */
export function PeriodSwitch({
  value,
  onChange,
  prices,
  disabled,
}: {
  value: BillingPeriod;
  onChange: (months: BillingPeriod) => void;
  prices: PricesResponse | undefined;
  disabled?: boolean;
}) {
  const t = useCheckoutText();
  const format = useCheckoutFormat();
  const periodLabel = usePeriodLabel();
  const labelId = useId();
  const narrow = useNarrowScreen();
  const discounts = discountsOf(prices);
  const data = BILLING_PERIODS.map((months) => {
    const percent = discounts[months];
    const label = periodLabel(months);
    return {
      value: String(months),
      label: (
        <>
          <span className={classes.period}>{label}</span>
          {percent ? (
            <span className={classes.saving}>{t('pricing.save', { percent: format.percent(percent) })}</span>
          ) : null}
        </>
      ),
    };
  });
  return (
    <div>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {t('pricing.period')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={data}
        value={String(value)}
        onChange={(next) => onChange(Number(next) as BillingPeriod)}
        disabled={disabled}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth
      />
    </div>
  );
}
