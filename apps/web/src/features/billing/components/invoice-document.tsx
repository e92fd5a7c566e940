import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { PERIOD_DISCOUNT_PERCENT, type Invoice, type InvoiceParty, type QuoteLine } from '@switchboard/contract';
import { usePlanName } from '../../usage/public';
import { isolateText } from '../../../lib/isolate';
import { useBillingText } from '../billing-text';
import { useBillingFormat } from '../lib/billing-format';
import classes from './invoice.module.css';

function Party({ title, party, testId }: { title: string; party: InvoiceParty; testId: string }) {
  const t = useBillingText();
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Text fw={600}>{isolateText(party.company ?? party.name)}</Text>
      {party.company && <Text size="sm">{isolateText(party.name)}</Text>}
      {party.addressLines.map((line, index) => (
        <Text size="sm" key={index}>
          {isolateText(line)}
        </Text>
      ))}
      {party.email && <Text size="sm">{isolateText(party.email)}</Text>}
      {party.vatId && <Text size="sm">{t('invoice.vatId', { id: isolateText(party.vatId) })}</Text>}
    </Stack>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The printable invoice or credit note, exactly as the server stored it: seller and buyer, number
 * and dates, every line (plan × period, discount, setup fee, proration credit), the subtotal, tax
 * and total, when and how it was paid. Lines are described in the user's language by their kind;
 * the amounts are the server's.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const t = useBillingText();
  const format = useBillingFormat();
  const planName = usePlanName();
  const credit = invoice.kind === 'credit_note';
  const describe = (line: QuoteLine) => {
    switch (line.kind) {
      case 'plan':
        return t('invoice.lines.plan', { plan: planName(invoice.planId), period: format.period(invoice.months) });
      case 'discount':
        return t('invoice.lines.discount', { rate: format.percent(PERIOD_DISCOUNT_PERCENT[invoice.months]) });
      case 'tax':
        return t('invoice.lines.tax', { rate: format.percent(invoice.taxRatePercent) });
      default:
        return t(`invoice.lines.${line.kind}`);
    }
  };
  const lineRow = (line: QuoteLine, index: number) => (
    <Table.Tr key={index} data-line={line.kind}>
      <Table.Td>{describe(line)}</Table.Td>
      <Table.Td className={classes.amount}>{format.money(line.amountCents)}</Table.Td>
    </Table.Tr>
  );
  const taxLines = invoice.lines.filter((line) => line.kind === 'tax');

  return (
    <Card
      withBorder
      padding="xl"
      radius="md"
      className={classes.document}
      data-testid="invoice-document"
      data-kind={invoice.kind}
    >
      <Group justify="space-between" align="flex-start" mb="xl">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(credit ? 'invoice.creditNoteTitle' : 'invoice.invoiceTitle', { number: invoice.number })}
          </Title>
          {credit && invoice.creditForNumber && (
            <Text size="sm">{t('invoice.creditFor', { number: invoice.creditForNumber })}</Text>
          )}
        </Stack>
        {credit && (
          <Badge color="warning" variant="light" radius="sm" size="lg">
            {t('invoices.kinds.credit_note')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" mb="xl">
        <Party title={t('invoice.seller')} party={invoice.seller} testId="invoice-seller" />
        <Party title={t('invoice.buyer')} party={invoice.buyer} testId="invoice-buyer" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" mb="xl">
        <Fact label={t('invoice.number')} value={invoice.number} testId="invoice-number" />
        <Fact label={t('invoice.issued')} value={format.date(invoice.issuedAt)} />
        <Fact
          label={t('invoice.paid')}
          value={invoice.paidAt ? format.date(invoice.paidAt) : t('invoice.notPaid')}
          testId="invoice-paid"
        />
        <Fact
          label={t('invoice.servicePeriod')}
          value={t('invoice.periodRange', {
            start: format.date(invoice.periodStart),
            end: format.date(invoice.periodEnd),
          })}
        />
        <Fact label={t('invoice.payment')} value={t(`payments.providers.${invoice.provider}`)} />
        <Fact
          label={t('invoice.reference')}
          value={invoice.providerReference ? isolateText(invoice.providerReference) : t('none')}
          testId="invoice-reference"
        />
      </SimpleGrid>
      <Table verticalSpacing="sm" aria-label={t('invoice.linesCaption')} data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoice.description')}</Table.Th>
            <Table.Th className={classes.amount}>{t('invoice.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.filter((line) => line.kind !== 'tax').map(lineRow)}
          <Table.Tr data-line="subtotal">
            <Table.Td>{t('invoice.subtotal')}</Table.Td>
            <Table.Td className={classes.amount}>{format.money(invoice.subtotalCents)}</Table.Td>
          </Table.Tr>
          {taxLines.map(lineRow)}
          <Table.Tr className={classes.total} data-line="total">
            <Table.Td>{t('invoice.total')}</Table.Td>
            <Table.Td className={classes.amount} data-testid="invoice-total">
              {format.money(invoice.totalCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}
