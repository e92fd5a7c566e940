import type { BillingOverview, OrderResponse, Quote, Subscription, Usage } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/database.js';
import { accountFor, billingApi, buyAsAdmin, testCard } from '../helpers/billing-checkout.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { startMailCatcher, type MailCatcher } from '../helpers/mail-catcher.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;

// Billing's clock is the test's: periods, proration, the period-end job and reminders follow it.
describe('/api/billing: changes of plan, cancel, resume, the period-end job', () => {
  let now = new Date('2026-01-31T00:00:00.000Z');
  let t: TestApp;
  let smtp: MailCatcher;
  let api: ReturnType<typeof billingApi>;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url }, { billingClock: () => now });
    api = billingApi(t.app);
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'billing-subscription'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const overview = async (who: SignedIn = admin) => {
    const response = await api.overview(who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BillingOverview>();
  };
  const usage = async (who: SignedIn = admin) =>
    (await t.app.inject({ method: 'GET', url: '/api/usage', headers: who.authorization })).json<Usage>();
  const quote = async (plan: Quote['planId'], months: Quote['months']) => {
    const response = await api.quote(plan, months, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Quote>();
  };
  const runJob = () => t.app.services.billing.runPeriodPass();

  it('the billing page is admins’: editors 403; nothing to cancel or resume yet (409)', async () => {
    expectErrorBody(await api.overview(editor), 403, 'FORBIDDEN');
    expectErrorBody(await api.cancel(editor), 403, 'FORBIDDEN');
    expectErrorBody(await api.resume(editor), 403, 'FORBIDDEN');
    expectErrorBody(await api.overview(), 401, 'UNAUTHENTICATED');
    expectErrorBody(await api.cancel(admin), 409, 'BILLING_STATE_CONFLICT');
    expectErrorBody(await api.resume(admin), 409, 'BILLING_STATE_CONFLICT');
    expect((await overview()).subscription).toMatchObject({ planId: 'starter', status: 'none', periodEnd: null });
  });

  it('a purchase on Jan 31 runs to Feb 28; an upgrade mid-period is credited by the days left', async () => {
    await buyAsAdmin(t.app, admin, 'business', 1);
    let sub = (await overview()).subscription;
    expect(sub).toMatchObject({ planId: 'business', status: 'active', months: 1, setupFeePaid: true });
    expect(sub.periodEnd).toBe('2026-02-28T00:00:00.000Z');

    now = new Date('2026-02-14T00:00:00.000Z'); // 14 of 28 days left
    const upgrade = await quote('pro', 1);
    expect(upgrade.kind).toBe('upgrade');
    expect(upgrade.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['plan', 249_00],
      ['proration_credit', -39_50],
    ]);
    expect(upgrade.totalCents).toBe(209_50);
    const paid = await buyAsAdmin(t.app, admin, 'pro', 1);
    expect(paid.quote.totalCents).toBe(209_50);
    expect(paid.invoiceId).toEqual(expect.any(String));
    sub = (await overview()).subscription;
    expect(sub).toMatchObject({ planId: 'pro', periodStart: '2026-02-14T00:00:00.000Z' });
    expect(sub.periodEnd).toBe('2026-03-14T00:00:00.000Z');
    // The quota is raised at once.
    expect(await usage()).toMatchObject({ planId: 'pro', quota: 50_000 });
  });

  it('renewals and downgrades start at the period end; a second next period is refused', async () => {
    const renewal = await quote('pro', 3);
    expect(renewal).toMatchObject({ kind: 'renewal', periodStart: '2026-03-14T00:00:00.000Z' });
    expect(renewal.periodEnd).toBe('2026-06-14T00:00:00.000Z');
    const downgrade = await buyAsAdmin(t.app, admin, 'business', 3);
    expect(downgrade.kind).toBe('downgrade');
    expect(downgrade.quote.totalCents).toBe(237_00); // no setup fee: paid once
    const { subscription, payments, changes } = await overview();
    expect(subscription).toMatchObject({ planId: 'pro', next: { planId: 'business', months: 3 } });
    expect(await usage()).toMatchObject({ planId: 'pro' });
    expect(payments.map((p) => p.kind)).toEqual(['downgrade', 'upgrade', 'new']);
    expect(changes.map((c) => c.action)).toEqual(['downgrade', 'upgrade', 'purchase']);
    expect(changes[1]).toMatchObject({ fromPlanId: 'business', toPlanId: 'pro', amountCents: 209_50 });
    expect(changes[1]!.byUser).toMatchObject({ id: admin.userData.id, displayName: 'Owner' });
    expectErrorBody(await api.quote('pro', 1, admin), 409, 'BILLING_STATE_CONFLICT');
  });

  it('cancel refunds the paid next period (credit note) and ends at the period end; resume takes it back', async () => {
    const next = (await overview()).subscription.next!;
    const canceled = await api.cancel(admin);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Subscription>()).toMatchObject({ status: 'canceling', next: null, planId: 'pro' });
    const refunded = (await api.read(next.orderId, admin)).json<OrderResponse>().order;
    expect(refunded.status).toBe('refunded');
    const invoices = await t.app.services.invoices.list(admin.userData.workspaceId);
    expect(invoices.filter((i) => i.kind === 'credit_note').map((i) => i.orderId)).toEqual([next.orderId]);
    expectErrorBody(await api.cancel(admin), 409, 'BILLING_STATE_CONFLICT');

    const resumed = await api.resume(admin);
    expect(resumed.json<Subscription>()).toMatchObject({ status: 'active', planId: 'pro' });
    expectErrorBody(await api.resume(admin), 409, 'BILLING_STATE_CONFLICT');
    const actions = (await overview()).changes.map((c) => c.action);
    expect(actions[0]).toBe('resume');
    // The refund and the cancel are one transaction's (the same time).
    expect(actions.slice(1, 3).sort()).toEqual(['cancel', 'refund']);
  });

  it('reminds the admins 7 days and 1 day before the end, once each', async () => {
    const email = 'owner@billing-subscription.example';
    now = new Date(new Date('2026-03-14T00:00:00.000Z').getTime() - 6 * DAY);
    await runJob();
    const week = await smtp.take(email);
    expect(week.raw).toMatch(/ends in 7 days/);
    await runJob();
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);
    now = new Date(new Date('2026-03-14T00:00:00.000Z').getTime() - DAY / 2);
    await runJob();
    expect((await smtp.take(email)).raw).toMatch(/ends tomorrow/);
    await runJob();
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it('at the period end a paid next period starts; without one the workspace returns to starter', async () => {
    await buyAsAdmin(t.app, admin, 'pro', 1); // a renewal
    now = new Date('2026-03-14T00:01:00.000Z');
    await runJob();
    let sub = (await overview()).subscription;
    expect(sub).toMatchObject({ planId: 'pro', status: 'active', next: null });
    expect(sub.periodStart).toBe('2026-03-14T00:00:00.000Z');
    expect(sub.periodEnd).toBe('2026-04-14T00:00:00.000Z');
    expect((await overview()).changes[0]).toMatchObject({ action: 'period_started', toPlanId: 'pro', byUser: null });

    now = new Date('2026-04-14T00:00:00.000Z');
    await runJob();
    sub = (await overview()).subscription;
    expect(sub).toMatchObject({ planId: 'starter', status: 'none', periodEnd: null, setupFeePaid: true });
    expect(await usage()).toMatchObject({ planId: 'starter', quota: 1_000 });
    expect((await overview()).changes[0]).toMatchObject({ action: 'expired', fromPlanId: 'pro', toPlanId: 'starter' });
    // A purchase after that is a new period, with no second setup fee.
    const again = await quote('unlimited', 1);
    expect(again.kind).toBe('new');
    expect(again.lines.some((l) => l.kind === 'setup_fee')).toBe(false);
  });

  it('an upgrade must cover at least the current period’s months', async () => {
    await buyAsAdmin(t.app, stranger, 'business', 12);
    const response = await api.quote('pro', 6, stranger);
    expect(expectErrorBody(response, 409, 'BILLING_STATE_CONFLICT').error).toMatch(/at least 12 months/);
    expect((await api.quote('pro', 12, stranger)).json<Quote>().kind).toBe('upgrade');
    // Each workspace sees its own billing only.
    expect((await overview(stranger)).payments).toHaveLength(1);
  });

  it('closes a checkout left unfinished for 3 days, forgetting its sign-up', async () => {
    now = new Date();
    const started = await api.start({ planId: 'pro', months: 1, account: accountFor('abandoned@billing.example') });
    expect(started.statusCode, started.body).toBe(201);
    const { order, claimToken } = started.json<OrderResponse>();
    const signUpKept = async () =>
      (
        await queryRows<{ kept: boolean }>(
          t.app.database.db,
          sql`select sign_up is not null as kept from billing_orders where id = ${order.id}`,
        )
      )[0]!.kept;
    await runJob();
    expect((await api.read(order.id, undefined, claimToken)).json<OrderResponse>().order.status).toBe('pending');
    expect(await signUpKept()).toBe(true);
    now = new Date(Date.now() + 3 * DAY + 60_000);
    await runJob();
    expect((await api.read(order.id, undefined, claimToken)).json<OrderResponse>().order).toMatchObject({
      status: 'canceled',
      failureReason: 'The checkout was not completed within 3 days.',
    });
    expect(await signUpKept()).toBe(false);
    // Paying it now is refused, and nothing is charged.
    expectErrorBody(await api.confirm(order.id, { claimToken, test: testCard() }), 409, 'BILLING_STATE_CONFLICT');
  });
});
