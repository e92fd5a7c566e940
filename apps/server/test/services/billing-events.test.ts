import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

const card = { method: 'card' as const, number: '4242424242424242', expiry: '12/39', cvc: '123' };

// What the browsers hear: a paid plan change announces workspace.updated after its commit, so
// the quota shown is raised at once; a refused payment announces nothing.
describe('billing: workspace.updated after a paid change', () => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices({ start: false });
  });
  afterAll(() => s.close());

  it('announces the new plan once the payment is committed, and nothing for a declined card', async () => {
    const { workspaceId, userId } = await s.workspace('Events');
    const caller = { workspaceId, userId };
    const billing = s.services.billing;
    const start = (key: string) =>
      billing.startCheckout({ planId: 'pro', months: 1, method: 'card', idempotencyKey: key }, caller);

    const declined = await start('declined-key-1');
    await expect(
      billing.confirm(declined.order.id, { test: { ...card, number: '4000000000000002' } }, caller),
    ).rejects.toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect(s.events.of(workspaceId, 'workspace.updated')).toHaveLength(0);

    const paid = await start('paid-key-1');
    await billing.confirm(paid.order.id, { test: card }, caller);
    const [announced] = s.events.of(workspaceId, 'workspace.updated');
    expect(announced!.workspace.planId).toBe('pro');
    expect((await s.services.workspaces.usage(workspaceId)).quota).toBe(50_000);
    // The audit log has the plan change and the billing change, both the admin's.
    const rows = await s.services.workspaces.auditLog.list(workspaceId, '', 10);
    expect(rows.map((r) => r.action).sort()).toEqual(['billing.purchase', 'plan.changed']);
    expect(rows.every((r) => r.userId === userId)).toBe(true);
  });
});
