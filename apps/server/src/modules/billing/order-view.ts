import { BILLING_CHANGE_ACTIONS, type BillingChange, type Order } from '@switchboard/contract';
import type { OrderRow } from './billing-orders.repository.js';

/** An order as the API shows it (never the sign-up's password hash or the claim token). */
export function toOrder(row: OrderRow, invoiceId: string | null): Order {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    planId: row.planId,
    months: row.months,
    method: row.method,
    provider: row.provider,
    quote: row.quote,
    failureReason: row.failureReason,
    redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
    invoiceId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

interface ChangeRow {
  id: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
  userId: string | null;
}

const CHANGE_ACTIONS = new Set<string>(BILLING_CHANGE_ACTIONS);

/** An audit row `billing.<action>` as a billing change; null for an action this version does not know. */
export function toBillingChange(row: ChangeRow, nameOf: Map<string, string>): BillingChange | null {
  const action = row.action.replace(/^billing\./, '');
  if (!CHANGE_ACTIONS.has(action)) return null;
  const d = row.details as { from?: string | null; to?: string | null; amountCents?: number | null };
  return {
    id: row.id,
    action: action as BillingChange['action'],
    fromPlanId: (d.from ?? null) as BillingChange['fromPlanId'],
    toPlanId: (d.to ?? null) as BillingChange['toPlanId'],
    amountCents: d.amountCents ?? null,
    byUser: row.userId ? { id: row.userId, displayName: nameOf.get(row.userId) ?? '' } : null,
    at: row.createdAt.toISOString(),
  };
}
