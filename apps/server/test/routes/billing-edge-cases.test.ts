import type { OrderResponse, Subscription } from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { billingOrders } from '../../src/db/schema/index.js';
import { accountFor, billingApi, buyAsAdmin, testCard } from '../helpers/billing-checkout.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, register, type TestApp } from '../helpers/test-app.js';

// What happens between a start and its confirm, and a provider's events (the webhook routes'
// verification is the providers' tests'; here the service's handling of a verified event).
describe('/api/billing: races and provider events', () => {
  let t: TestApp;
  let api: ReturnType<typeof billingApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = billingApi(t.app);
  });
  afterAll(() => t.close());

  const orderRow = async (id: string) =>
    (await t.app.database.db.select().from(billingOrders).where(eq(billingOrders.id, id)))[0]!;
  const billingAudit = (workspaceId: string) =>
    queryRows<{ action: string }>(
      t.app.database.db,
      sql`select action from workspace_audit_log where workspace_id = ${workspaceId} and action like 'billing.%'`,
    );

  it('an order whose quote went stale (another one paid meanwhile) is canceled with 409, nothing charged', async () => {
    const admin = await register(t.app, 'owner@stale.example');
    await buyAsAdmin(t.app, admin, 'business', 1);
    const toPro = (await api.start({ planId: 'pro', months: 1 }, admin)).json<OrderResponse>().order;
    const toUnlimited = (await api.start({ planId: 'unlimited', months: 1 }, admin)).json<OrderResponse>().order;
    expect((await api.confirm(toPro.id, { test: testCard() }, admin)).statusCode).toBe(200);
    const stale = await api.confirm(toUnlimited.id, { test: testCard() }, admin);
    expect(expectErrorBody(stale, 409, 'BILLING_STATE_CONFLICT').error).toMatch(/price changed/);
    expect(await orderRow(toUnlimited.id)).toMatchObject({ status: 'canceled', providerPaymentRef: null });
    const sub = (await api.overview(admin)).json<{ subscription: Subscription }>().subscription;
    expect(sub.planId).toBe('pro');
  });

  it('an e-mail registered between start and payment: the payment is refunded, 409, nothing created', async () => {
    const email = 'late@race.example';
    const { order, claimToken } = (
      await api.start({ planId: 'business', months: 1, account: accountFor(email, 'Late Ltd') })
    ).json<OrderResponse>();
    await register(t.app, email);
    const response = await api.confirm(order.id, { claimToken, test: testCard() });
    expectErrorBody(response, 409, 'EMAIL_IN_USE');
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'refunded', workspaceId: null });
    expect(row.providerPaymentRef).toBeTruthy();
    const [count] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from workspaces where name = 'Late Ltd'`,
    );
    expect(count!.n).toBe(0);
  });

  it('a provider event delivered twice activates the order once; a declined one fails it', async () => {
    const admin = await register(t.app, 'owner@events.example');
    const { order } = (await api.start({ planId: 'pro', months: 1 }, admin)).json<OrderResponse>();
    const providerRef = (await orderRow(order.id)).providerRef!;
    const event = {
      eventId: 'evt_1',
      type: 'checkout.session.completed',
      providerRef,
      outcome: { status: 'paid' as const, providerPaymentRef: 'pay_1' },
    };
    await Promise.all([1, 2, 3].map(() => t.app.services.billing.handleProviderEvent('test', event)));
    await t.app.services.billing.handleProviderEvent('test', { ...event, eventId: 'evt_2' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', providerPaymentRef: 'pay_1' });
    expect((await billingAudit(admin.userData.workspaceId)).map((r) => r.action)).toEqual(['billing.purchase']);
    const [events] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from billing_provider_events where provider = 'test' and event_id in ('evt_1', 'evt_2')`,
    );
    expect(events!.n).toBe(2);
    // A later confirm of the paid order answers it as it is.
    expect((await api.confirm(order.id, { test: testCard() }, admin)).json<OrderResponse>().order.status).toBe('paid');

    const other = (await api.start({ planId: 'unlimited', months: 1 }, admin)).json<OrderResponse>().order;
    await t.app.services.billing.handleProviderEvent('test', {
      eventId: 'evt_3',
      type: 'checkout.session.async_payment_failed',
      providerRef: (await orderRow(other.id)).providerRef!,
      outcome: { status: 'declined', reason: 'Your card was declined.' },
    });
    expect(await orderRow(other.id)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    // A payment for an order billing closed meanwhile is given back.
    const closed = (await api.start({ planId: 'unlimited', months: 1 }, admin)).json<OrderResponse>().order;
    await t.app.database.db.update(billingOrders).set({ status: 'canceled' }).where(eq(billingOrders.id, closed.id));
    await t.app.services.billing.handleProviderEvent('test', {
      eventId: 'evt_5',
      type: 'checkout.session.completed',
      providerRef: (await orderRow(closed.id)).providerRef!,
      outcome: { status: 'paid', providerPaymentRef: 'pay_5' },
    });
    expect(await orderRow(closed.id)).toMatchObject({ status: 'refunded', providerPaymentRef: 'pay_5' });
    expect((await api.overview(admin)).json<{ subscription: Subscription }>().subscription.planId).toBe('pro');
    // Events about no known order are recorded and ignored.
    await t.app.services.billing.handleProviderEvent('test', {
      eventId: 'evt_4',
      type: 'x',
      providerRef: 'nope',
      outcome: null,
    });
  });
});

describe('/api/billing/checkout: the rate limit of anonymous starts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('anonymous starts are rate-limited per IP like register; an admin’s are not', async () => {
    const admin = await register(t.app, 'owner@limits.example');
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(
        (await billingApi(t.app).start({ planId: 'starter', months: 1, account: accountFor(`limit${i}@x.example`) }))
          .statusCode,
      );
    expect(answers.slice(0, 3)).toEqual([201, 201, 201]);
    expect(answers[3]).toBe(429);
    for (let i = 0; i < 4; i += 1)
      expect((await billingApi(t.app).start({ planId: 'pro', months: 1 }, admin)).statusCode).toBe(201);
  });
});
