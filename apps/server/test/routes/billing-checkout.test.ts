import type { OrderResponse, PricesResponse, Quote, SessionResponse, Usage } from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { billingOrders, billingProfiles, users, workspaces } from '../../src/db/schema/index.js';
import { hashToken } from '../../src/lib/secure-token.js';
import { accountFor, billingApi, CARDS, testCard } from '../helpers/billing-checkout.js';
import { expectErrorBody, expectNoSecrets } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, login, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('/api/billing: prices, quotes and checkout', () => {
  let t: TestApp;
  let api: ReturnType<typeof billingApi>;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    api = billingApi(t.app);
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'billing-checkout'));
  });
  afterAll(() => t.close());

  it('GET /api/billing/prices is public: every plan at every period, with the discounts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/prices' });
    expect(response.statusCode).toBe(200);
    const prices = response.json<PricesResponse>();
    expect(prices.currency).toBe('USD');
    const business = prices.plans.find((p) => p.planId === 'business')!;
    expect(business.prices.map((p) => [p.months, p.discountPercent, p.totalCents])).toEqual([
      [1, 0, 79_00],
      [3, 0, 237_00],
      [6, 5, 450_30],
      [12, 10, 853_20],
    ]);
  });

  it('an anonymous quote is a new account: 10 % off for 12 months and the $200 setup fee', async () => {
    const response = await api.quote('business', 12);
    expect(response.statusCode).toBe(200);
    const quote = response.json<Quote>();
    expect(quote.kind).toBe('new');
    expect(quote.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['plan', 948_00],
      ['discount', -94_80],
      ['setup_fee', 200_00],
    ]);
    expect(quote.totalCents).toBe(1_053_20);
  });

  it('editors get 403 on quotes and checkout; a bad period is 400', async () => {
    expectErrorBody(await api.quote('pro', 1, editor), 403, 'FORBIDDEN');
    expectErrorBody(await api.start({ planId: 'pro', months: 1 }, editor), 403, 'FORBIDDEN');
    expectErrorBody(await api.quote('pro', 2 as 1), 400, 'VALIDATION_FAILED');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/billing/quote?plan=pro&period=1',
      headers: { authorization: 'Bearer nonsense' },
    });
    expectErrorBody(bad, 401, 'UNAUTHENTICATED');
  });

  it('prices sent by the client are ignored', async () => {
    const response = await api.start({
      planId: 'business',
      months: 12,
      account: accountFor('cheap@billing.example'),
      totalCents: 1,
      quote: { totalCents: 1 },
      lines: [],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<OrderResponse>().order.quote.totalCents).toBe(1_053_20);
    const [row] = await t.app.database.db
      .select({ total: billingOrders.totalCents })
      .from(billingOrders)
      .where(eq(billingOrders.id, response.json<OrderResponse>().order.id));
    expect(row!.total).toBe(1_053_20);
  });

  it('anonymous checkout needs the account; a signed-in admin must not send one; a registered e-mail is 409', async () => {
    expectErrorBody(await api.start({ planId: 'pro', months: 1 }), 400, 'VALIDATION_FAILED');
    expectErrorBody(
      await api.start({ planId: 'pro', months: 1, account: accountFor('x@billing.example') }, admin),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(
      await api.start({ planId: 'pro', months: 1, account: accountFor('owner@billing-checkout.example') }),
      409,
      'EMAIL_IN_USE',
    );
  });

  it('an anonymous visitor buys business for 12 months and ends signed in as admin of a new workspace', async () => {
    const email = 'buyer@business-12.example';
    const started = await api.start({ planId: 'business', months: 12, account: accountFor(email, 'Buyer Inc') });
    expect(started.statusCode, started.body).toBe(201);
    const { order, claimToken } = started.json<OrderResponse>();
    expect(order).toMatchObject({ status: 'pending', kind: 'new', provider: 'test', redirectUrl: null });
    expect(claimToken).toBeTruthy();
    expectNoSecrets(started);
    // Nothing exists before the payment; only the SHA-256 of the claim token is stored.
    expect(await t.app.services.users.findByEmail(email)).toBeUndefined();
    const [stored] = await t.app.database.db.select().from(billingOrders).where(eq(billingOrders.id, order.id));
    expect(stored!.claimTokenHash).toBe(hashToken(claimToken!));

    // Without the claim token (or with another's) the order is not there.
    expectErrorBody(await api.read(order.id), 404, 'NOT_FOUND');
    expectErrorBody(await api.read(order.id, stranger), 404, 'NOT_FOUND');
    expectErrorBody(await api.confirm(order.id, { test: testCard() }), 404, 'NOT_FOUND');
    expect((await api.read(order.id, undefined, claimToken)).statusCode).toBe(200);
    expectErrorBody(await api.session(order.id, claimToken!), 409, 'BILLING_STATE_CONFLICT');

    const confirmed = await api.confirm(order.id, { claimToken, test: testCard() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paid = confirmed.json<OrderResponse>().order;
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toBeTruthy();
    expectNoSecrets(confirmed);

    const session = await api.session(order.id, claimToken!);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.cookies.some((c) => c.name === 'sb_refresh')).toBe(true);
    const { userData, accessToken } = session.json<SessionResponse>();
    expect(userData).toMatchObject({ email, userRole: 'admin', displayName: 'Ada Lovelace' });
    const authorization = { authorization: `Bearer ${accessToken}` };
    const usage = await t.app.inject({ method: 'GET', url: '/api/usage', headers: authorization });
    expect(usage.json<Usage>()).toMatchObject({ planId: 'business', quota: 10_000 });
    const [workspace] = await t.app.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, userData.workspaceId));
    expect(workspace).toMatchObject({ name: 'Buyer Inc', planId: 'business' });
    expect(workspace!.registration).toMatchObject({
      company: 'Buyer Inc',
      mobile: '+15551234567',
      plan: 'business',
      billingPeriod: 12,
    });
    const [profile] = await t.app.database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.workspaceId, userData.workspaceId));
    expect(profile).toMatchObject({ name: 'Ada Lovelace', company: 'Buyer Inc', email });
    // The password given at checkout signs in; the sign-up is no longer kept on the order.
    await login(t.app, email);
    const [after] = await t.app.database.db.select().from(billingOrders).where(eq(billingOrders.id, order.id));
    expect(after!.signUp).toBeNull();

    // The claim token signs in once; the new admin reads the order as theirs.
    expectErrorBody(await api.session(order.id, claimToken!), 409, 'BILLING_STATE_CONFLICT');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/billing/checkout/${order.id}`,
      headers: authorization,
    });
    expect(read.json<OrderResponse>().order.status).toBe('paid');
    // The invoices module issued the invoice in the paying transaction.
    expect(read.json<OrderResponse>().order.invoiceId).toEqual(expect.any(String));
  });

  it('a declined card answers 402 with the provider’s reason and creates nothing', async () => {
    const email = 'declined@billing.example';
    for (const [number, reason] of [
      [CARDS.declined, 'Your card was declined.'],
      [CARDS.insufficientFunds, 'Your card has insufficient funds.'],
      ['4111111111111111', 'Use a test card number (4242 4242 4242 4242).'],
    ] as const) {
      const { order, claimToken } = (
        await api.start({ planId: 'pro', months: 1, account: accountFor(email) })
      ).json<OrderResponse>();
      const declined = await api.confirm(order.id, { claimToken, test: testCard(number) });
      expect(expectErrorBody(declined, 402, 'PAYMENT_DECLINED').error).toBe(reason);
      const read = await api.read(order.id, undefined, claimToken);
      expect(read.json<OrderResponse>().order).toMatchObject({ status: 'failed', failureReason: reason });
      // A retry of the same order answers the same.
      expect(expectErrorBody(await api.confirm(order.id, { claimToken, test: testCard() }), 402).error).toBe(reason);
    }
    const expired = (await api.start({ planId: 'pro', months: 1, account: accountFor(email) })).json<OrderResponse>();
    const response = await api.confirm(expired.order.id, {
      claimToken: expired.claimToken,
      test: testCard(CARDS.paid, '01/20'),
    });
    expect(expectErrorBody(response, 402, 'PAYMENT_DECLINED').error).toBe('Your card has expired.');
    expect(await t.app.services.users.findByEmail(email)).toBeUndefined();
    const [row] = await queryRows<{ count: number }>(
      t.app.database.db,
      sql`select count(*)::int as count from workspaces where name = 'Acme Ltd'`,
    );
    expect(row!.count).toBe(0);
    // The refused orders keep no sign-up (no password hash) once they can never make the account.
    const [kept] = await queryRows<{ count: number }>(
      t.app.database.db,
      sql`select count(*)::int as count from billing_orders where sign_up->>'email' = ${email}`,
    );
    expect(kept!.count).toBe(0);
  });

  it('the test PayPal: approve pays, cancel is 402 with PayPal’s words', async () => {
    const canceled = (
      await api.start({
        planId: 'starter',
        months: 1,
        method: 'paypal',
        account: accountFor('pp-cancel@billing.example'),
      })
    ).json<OrderResponse>();
    const response = await api.confirm(canceled.order.id, {
      claimToken: canceled.claimToken,
      test: { method: 'paypal', decision: 'cancel' },
    });
    expect(expectErrorBody(response, 402, 'PAYMENT_DECLINED').error).toBe('The PayPal payment was cancelled.');
    const approved = (
      await api.start({ planId: 'starter', months: 1, method: 'paypal', account: accountFor('pp@billing.example') })
    ).json<OrderResponse>();
    const paid = await api.confirm(approved.order.id, {
      claimToken: approved.claimToken,
      test: { method: 'paypal', decision: 'approve' },
    });
    expect(paid.json<OrderResponse>().order).toMatchObject({ status: 'paid', method: 'paypal' });
  });

  it('the same idempotency key twice, or at once, makes one order', async () => {
    const body = {
      planId: 'pro',
      months: 3,
      idempotencyKey: 'same-key-1234',
      account: accountFor('twice@billing.example'),
    };
    const first = await api.start(body);
    const second = await api.start(body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json<OrderResponse>().order.id).toBe(first.json<OrderResponse>().order.id);
    expect(second.json<OrderResponse>().claimToken).toBe(first.json<OrderResponse>().claimToken);

    const racing = { planId: 'business', months: 1, idempotencyKey: 'racing-key-5678' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.start(racing, admin)));
    const ids = new Set(answers.map((a) => a.json<OrderResponse>().order.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const rows = await t.app.database.db
      .select()
      .from(billingOrders)
      .where(eq(billingOrders.idempotencyKey, 'racing-key-5678'));
    expect(rows).toHaveLength(1);
  });

  it('confirming twice at once charges and activates once', async () => {
    const { admin: owner } = await adminEditorAndStranger(t.app, 'double-confirm');
    const { order } = (await api.start({ planId: 'pro', months: 1 }, owner)).json<OrderResponse>();
    const answers = await Promise.all([1, 2, 3].map(() => api.confirm(order.id, { test: testCard() }, owner)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((a) => a.json<OrderResponse>().order.paidAt)).size).toBe(1);
    const audit = await queryRows<{ action: string }>(
      t.app.database.db,
      sql`select action from workspace_audit_log where workspace_id = ${owner.userData.workspaceId} and action like 'billing.%'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['billing.purchase']);
  });

  it('another workspace’s order is 404', async () => {
    const { order } = (await api.start({ planId: 'pro', months: 1 }, admin)).json<OrderResponse>();
    expectErrorBody(await api.read(order.id, stranger), 404, 'NOT_FOUND');
    expectErrorBody(await api.confirm(order.id, { test: testCard() }, stranger), 404, 'NOT_FOUND');
    expectErrorBody(await api.read('not-a-uuid', admin), 404, 'NOT_FOUND');
    expect((await api.read(order.id, admin)).statusCode).toBe(200);
    const [user] = await t.app.database.db.select().from(users).where(eq(users.id, admin.userData.id));
    expect(user!.workspaceId).toBe(admin.userData.workspaceId);
  });
});
