import { Anchor, Button, Card, Grid, Group, Loader, Radio, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { PLAN_IDS, type BillingPeriod, type PaymentMethod, type PlanId } from '@switchboard/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { usePlanName } from '../../usage/public';
import { usePrices } from '../api/prices';
import { useQuote } from '../api/quote';
import { useCheckoutText } from '../checkout-text';
import { useCheckoutAttempt } from '../hooks/use-checkout-attempt';
import { EMPTY_ACCOUNT, validateAccount, type AccountValues } from '../lib/account-validation';
import { checkoutPath, toPeriod, toPlanId } from '../lib/checkout-params';
import { AccountFields } from './account-fields';
import { CheckoutProblemAlert } from './checkout-problem';
import { CheckoutSuccess } from './checkout-success';
import { OrderSummary } from './order-summary';
import { PeriodSwitch, useNarrowScreen } from './period-switch';
import { TestPaymentCard } from './test-payment';

interface CheckoutValues {
  account: AccountValues;
  method: PaymentMethod;
}

/** Errors of the account schema under the form's `account.` fields. */
const underAccount = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [`account.${field}`, message]));

/** The server's field errors (`body.account.email`) on the form's fields, as it wrote them. */
const serverErrors = (error: ApiError): FormErrors =>
  Object.fromEntries((error.fields ?? []).map(({ path, message }) => [path.replace(/^body\./, ''), message]));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * The checkout: plan and period (kept in the URL), a visitor's sign-up fields, the payment method,
 * the server's order summary; then the test provider's form or the provider's own page.
 */
export function CheckoutForm() {
  const t = useCheckoutText();
  const errorMessage = useApiErrorMessage();
  const planName = usePlanName();
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const planId = toPlanId(searchParams.get('plan'));
  const months = toPeriod(searchParams.get('period'));
  const prices = usePrices();
  const quote = useQuote(planId, months, user?.id ?? 'visitor');
  const { stage, problem, pending, begin, pay, edit } = useCheckoutAttempt();
  const form = useForm<CheckoutValues>({ initialValues: { account: EMPTY_ACCOUNT, method: 'card' } });
  const planLabelId = useId();
  const narrow = useNarrowScreen();

  if (stage.step === 'done') return <CheckoutSuccess order={stage.order} signedIn={stage.signedIn} />;

  const locked = stage.step !== 'details' || pending;
  const choose = (plan: PlanId, period: BillingPeriod) =>
    setSearchParams({ plan, period: String(period) }, { replace: true });
  const discountPercent = prices.data?.plans[0]?.prices.find((price) => price.months === months)?.discountPercent;

  const submit = form.onSubmit(async ({ account, method }) => {
    let checked;
    if (!user) {
      checked = validateAccount(account, t);
      if (checked.errors) {
        form.setErrors(underAccount(checked.errors));
        return;
      }
    }
    const error = await begin({ planId, months, method, ...(checked?.data ? { account: checked.data } : {}) });
    if (error instanceof ApiError && error.code === 'EMAIL_IN_USE') {
      form.setFieldError('account.email', errorMessage(error));
    } else if (error instanceof ApiError) form.setErrors(serverErrors(error));
  });

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Section title={t('page.choice')}>
              <Stack gap="md">
                <div>
                  <Text id={planLabelId} size="sm" fw={500} mb={4}>
                    {t('page.plan')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={planLabelId}
                    data={PLAN_IDS.map((id) => ({ value: id, label: planName(id) }))}
                    value={planId}
                    onChange={(next) => choose(next as PlanId, months)}
                    disabled={locked}
                    orientation={narrow ? 'vertical' : 'horizontal'}
                    fullWidth
                  />
                </div>
                <PeriodSwitch
                  value={months}
                  prices={prices.data}
                  onChange={(next) => choose(planId, next)}
                  disabled={locked}
                />
              </Stack>
            </Section>
            <Section title={t('page.account')}>
              {user ? (
                <Text size="sm">{t('page.signedInAs', { name: user.displayName })}</Text>
              ) : (
                <Stack gap="md">
                  <Text size="sm" c="dimmed">
                    {t('page.accountHint')} {t('page.haveAccount')}{' '}
                    <Anchor
                      component={Link}
                      underline="always"
                      to={`/pages/login?to=${encodeURIComponent(checkoutPath(planId, months))}`}
                    >
                      {t('page.signIn')}
                    </Anchor>
                  </Text>
                  <AccountFields form={form} disabled={locked} />
                </Stack>
              )}
            </Section>
            <Section title={t('page.payment')}>
              <Stack gap="md">
                <Radio.Group {...form.getInputProps('method')} aria-label={t('page.payment')}>
                  <Group gap="xl">
                    <Radio value="card" label={t('page.card')} disabled={locked} />
                    <Radio value="paypal" label={t('page.paypal')} disabled={locked} />
                  </Group>
                </Radio.Group>
                {stage.step === 'details' && (
                  <>
                    {problem && <CheckoutProblemAlert problem={problem} />}
                    <Button type="submit" loading={pending} disabled={!quote.data || quote.isError}>
                      {t('page.continue')}
                    </Button>
                  </>
                )}
                {stage.step === 'redirecting' && (
                  <Group gap="sm" role="status">
                    <Loader size="sm" aria-hidden />
                    <Text size="sm">{t('result.redirecting')}</Text>
                  </Group>
                )}
              </Stack>
            </Section>
          </Stack>
        </form>
        {/* The test provider's own form, after (never inside) the order's form. */}
        {stage.step === 'pay' && (
          <Stack gap="md" mt="lg">
            <TestPaymentCard order={stage.order} pending={pending} onPay={(payment) => void pay(payment)} />
            {problem && <CheckoutProblemAlert problem={problem} />}
            <Button variant="subtle" onClick={edit} disabled={pending} style={{ alignSelf: 'flex-start' }}>
              {t('page.change')}
            </Button>
          </Stack>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <OrderSummary
          quote={stage.step === 'pay' ? stage.order.quote : quote.data}
          discountPercent={discountPercent}
          loading={quote.isFetching}
          error={stage.step === 'pay' ? null : quote.error}
        />
      </Grid.Col>
    </Grid>
  );
}
