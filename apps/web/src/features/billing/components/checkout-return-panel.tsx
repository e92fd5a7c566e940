import { Alert, Button, Card, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCheckoutText } from '../checkout-text';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { checkoutPath, type CheckoutReturn } from '../lib/checkout-params';
import { CheckoutProblemAlert } from './checkout-problem';
import { CheckoutSuccess } from './checkout-success';

/** The page a buyer sees back from Stripe or PayPal: working, paid, cancelled or still waiting. */
export function CheckoutReturnPanel({ checkoutReturn }: { checkoutReturn: CheckoutReturn }) {
  const t = useCheckoutText();
  const { state, checkAgain } = useCheckoutReturn(checkoutReturn);

  if (state.step === 'done') return <CheckoutSuccess order={state.order} signedIn={state.signedIn} />;
  if (state.step === 'problem' || state.step === 'not-found') {
    const again =
      state.step === 'problem' && state.order ? checkoutPath(state.order.planId, state.order.months) : '/CheckOut';
    return (
      <Stack gap="md" align="flex-start">
        {state.step === 'problem' ? (
          <CheckoutProblemAlert problem={state.problem} />
        ) : (
          <Alert color="red" role="alert">
            {t('result.orderNotFound')}
          </Alert>
        )}
        <Button component={Link} to={again} variant="default">
          {t('result.startOver')}
        </Button>
      </Stack>
    );
  }
  const timedOut = state.step === 'waiting' && state.timedOut;
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="md" ta="center" role="status">
        {!timedOut && <Loader aria-hidden />}
        <Text>
          {state.step === 'capturing' ? t('result.capturing') : timedOut ? t('result.timeout') : t('result.waiting')}
        </Text>
        {timedOut && (
          <Button variant="default" onClick={checkAgain}>
            {t('result.checkAgain')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
