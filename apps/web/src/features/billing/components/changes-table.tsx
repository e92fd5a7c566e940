import { Table } from '@mantine/core';
import type { BillingChange } from '@switchboard/contract';
import { isolateText } from '../../../lib/isolate';
import { usePlanName } from '../../usage/public';
import { useBillingText } from '../billing-text';
import { useBillingFormat } from '../lib/billing-format';
import classes from './billing.module.css';

/** Every recorded change of the plan (who, when, from, to, amount), newest first. */
export function ChangesTable({ changes }: { changes: BillingChange[] }) {
  const t = useBillingText();
  const format = useBillingFormat();
  const planName = usePlanName();
  const plan = (id: BillingChange['fromPlanId']) => (id ? planName(id) : t('none'));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" fz="sm" aria-label={t('changes.caption')} data-testid="billing-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('changes.columns.at')}</Table.Th>
            <Table.Th>{t('changes.columns.by')}</Table.Th>
            <Table.Th>{t('changes.columns.action')}</Table.Th>
            <Table.Th>{t('changes.columns.from')}</Table.Th>
            <Table.Th>{t('changes.columns.to')}</Table.Th>
            <Table.Th className={classes.amount}>{t('changes.columns.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.id} data-action={change.action}>
              <Table.Td className={classes.nowrap}>{format.dateTime(change.at)}</Table.Td>
              <Table.Td>{change.byUser ? isolateText(change.byUser.displayName) : t('changes.system')}</Table.Td>
              <Table.Td>{t(`changes.actions.${change.action}`)}</Table.Td>
              <Table.Td>{plan(change.fromPlanId)}</Table.Td>
              <Table.Td>{plan(change.toPlanId)}</Table.Td>
              <Table.Td className={classes.amount}>
                {change.amountCents === null ? t('none') : format.money(change.amountCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
