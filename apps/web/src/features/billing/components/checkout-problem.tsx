import { Alert, Text } from '@mantine/core';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useCheckoutText } from '../checkout-text';
import type { CheckoutProblem } from '../hooks/use-checkout-attempt';

/** Why nothing was bought: the provider's own words for a decline (spec: "Your card was declined."). */
export function CheckoutProblemAlert({ problem }: { problem: CheckoutProblem }) {
  const t = useCheckoutText();
  const errorMessage = useApiErrorMessage();
  if ('reason' in problem) {
    const declined = problem.kind === 'declined';
    return (
      <Alert
        color={declined ? 'red' : 'orange'}
        title={declined ? t('result.declinedTitle') : t('result.canceledTitle')}
        role="alert"
      >
        {problem.reason && (
          <Text size="sm" fw={600} data-testid="payment-reason">
            {problem.reason}
          </Text>
        )}
        <Text size="sm">{declined ? t('result.declinedHint') : t('result.canceledText')}</Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      title={problem.kind === 'conflict' ? t('result.conflictTitle') : t('result.failedTitle')}
      role="alert"
    >
      {errorMessage(problem.error)}
    </Alert>
  );
}
