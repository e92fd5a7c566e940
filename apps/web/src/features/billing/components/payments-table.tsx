import { Anchor, Badge, Table } from '@mantine/core';
import type { Order, OrderStatus } from '@switchboard/contract';
import { Link } from 'react-router';
import { isolateText } from '../../../lib/isolate';
import { usePlanName } from '../../usage/public';
import { useBillingText } from '../billing-text';
import { useBillingFormat } from '../lib/billing-format';
import classes from './billing.module.css';

const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'gray',
  paid: 'success',
  failed: 'danger',
  canceled: 'gray',
  refunded: 'warning',
};

/** Paid, failed and refunded orders, newest first (the server's order): what, how, how much, and its invoice. */
export function PaymentsTable({ payments }: { payments: Order[] }) {
  const t = useBillingText();
  const format = useBillingFormat();
  const planName = usePlanName();
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" fz="sm" aria-label={t('payments.caption')} data-testid="billing-payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.columns.date')}</Table.Th>
            <Table.Th>{t('payments.columns.plan')}</Table.Th>
            <Table.Th>{t('payments.columns.method')}</Table.Th>
            <Table.Th className={classes.amount}>{t('payments.columns.amount')}</Table.Th>
            <Table.Th>{t('payments.columns.status')}</Table.Th>
            <Table.Th>{t('payments.columns.reason')}</Table.Th>
            <Table.Th>{t('payments.columns.invoice')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((order) => {
            const date = format.dateTime(order.paidAt ?? order.createdAt);
            return (
              <Table.Tr key={order.id} data-order-id={order.id} data-status={order.status}>
                <Table.Td className={classes.nowrap}>{date}</Table.Td>
                <Table.Td>
                  {t('planPeriod', { plan: planName(order.planId), period: format.period(order.months) })}
                  {' · '}
                  {t(`payments.kinds.${order.kind}`)}
                </Table.Td>
                <Table.Td>
                  {t('payments.methodVia', {
                    method: t(`payments.methods.${order.method}`),
                    provider: t(`payments.providers.${order.provider}`),
                  })}
                </Table.Td>
                <Table.Td className={classes.amount}>{format.money(order.quote.totalCents)}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    radius="sm"
                    color={STATUS_COLORS[order.status]}
                    classNames={{
                      root: classes.badge,
                      label: STATUS_COLORS[order.status] === 'gray' ? classes.quietLabel : undefined,
                    }}
                  >
                    {t(`payments.statuses.${order.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{order.failureReason ? isolateText(order.failureReason) : t('none')}</Table.Td>
                <Table.Td>
                  {order.invoiceId ? (
                    <Anchor
                      component={Link}
                      to={`/views/billing/invoices/${order.invoiceId}`}
                      aria-label={t('payments.openInvoiceLabel', { date })}
                    >
                      {t('payments.openInvoice')}
                    </Anchor>
                  ) : (
                    t('none')
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
