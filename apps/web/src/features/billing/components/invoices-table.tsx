import { Anchor, Badge, Button, Group, Table, VisuallyHidden } from '@mantine/core';
import type { Invoice } from '@switchboard/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useDownloadInvoicePdf } from '../api/invoices';
import { useBillingText } from '../billing-text';
import { useBillingFormat } from '../lib/billing-format';
import classes from './billing.module.css';

/** Invoices and credit notes: number, date, kind, total; open the printable page or download the server's PDF. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const t = useBillingText();
  const format = useBillingFormat();
  const notify = useFeatureNotifications(t('invoices.pdfFailed'));
  const download = useDownloadInvoicePdf();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" fz="sm" aria-label={t('invoices.caption')} data-testid="billing-invoices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.columns.number')}</Table.Th>
            <Table.Th>{t('invoices.columns.date')}</Table.Th>
            <Table.Th>{t('invoices.columns.kind')}</Table.Th>
            <Table.Th className={classes.amount}>{t('invoices.columns.total')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('invoices.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id} data-invoice-id={invoice.id}>
              <Table.Td className={classes.nowrap}>
                <Anchor component={Link} to={`/views/billing/invoices/${invoice.id}`}>
                  {invoice.number}
                </Anchor>
              </Table.Td>
              <Table.Td className={classes.nowrap}>{format.date(invoice.issuedAt)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  radius="sm"
                  color={invoice.kind === 'credit_note' ? 'warning' : 'brand'}
                  className={classes.badge}
                >
                  {t(`invoices.kinds.${invoice.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td className={classes.amount}>{format.money(invoice.totalCents)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button
                    component={Link}
                    to={`/views/billing/invoices/${invoice.id}`}
                    size="xs"
                    variant="default"
                    aria-label={t('invoices.openLabel', { number: invoice.number })}
                  >
                    {t('invoices.open')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconFileTypePdf size={16} aria-hidden />}
                    loading={download.isPending && download.variables.id === invoice.id}
                    aria-label={t('invoices.pdfLabel', { number: invoice.number })}
                    onClick={() => download.mutate(invoice, { onError: notify.failure })}
                  >
                    {t('invoices.pdf')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
