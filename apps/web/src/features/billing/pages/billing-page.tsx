import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useInvoices } from '../api/invoices';
import { useBillingOverview } from '../api/overview';
import { useBillingText } from '../billing-text';
import { BillingProfileCard } from '../components/billing-profile-form';
import { BillingSection } from '../components/billing-section';
import { ChangesTable } from '../components/changes-table';
import { InvoicesTable } from '../components/invoices-table';
import { PaymentsTable } from '../components/payments-table';
import { SubscriptionCard } from '../components/subscription-card';

/**
 * /views/billing (admins): the plan in force and its period, this month's usage, change / cancel /
 * resume; the buyer's details for invoices; payments, recorded changes and invoices. Every amount
 * is the server's (the overview and the invoices); the page only formats them. Kept live by
 * `workspace.updated` (a payment, a plan change, the period-end job).
 */
export default function BillingPage() {
  const t = useBillingText();
  const errorMessage = useApiErrorMessage();
  const overview = useBillingOverview();
  const invoices = useInvoices();
  const payments = { ...overview, data: overview.data?.payments };
  const changes = { ...overview, data: overview.data?.changes };

  return (
    <Stack gap="xl">
      {overview.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('subscription.title')} />
        </Group>
      ) : overview.isError ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(overview.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SubscriptionCard overview={overview.data} />
      )}
      <BillingSection title={t('invoices.title')} empty={t('invoices.empty')} query={invoices}>
        {(rows) => <InvoicesTable invoices={rows} />}
      </BillingSection>
      {!overview.isError && (
        <>
          <BillingSection title={t('payments.title')} empty={t('payments.empty')} query={payments}>
            {(rows) => <PaymentsTable payments={rows} />}
          </BillingSection>
          <BillingSection title={t('changes.title')} empty={t('changes.empty')} query={changes}>
            {(rows) => <ChangesTable changes={rows} />}
          </BillingSection>
        </>
      )}
      <BillingProfileCard />
    </Stack>
  );
}
