import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Order, PricesResponse, Quote } from '@switchboard/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { session } from '../../../lib/session';
import { stubFetch, type SentRequest } from '../../../test/stub-fetch';
import { leaveFor } from '../lib/leave-for';
import { businessQuote } from './billing-fixtures';
import CheckoutPage from './checkout-page';

vi.mock('../lib/leave-for', () => ({ leaveFor: vi.fn() }));

// Each step waits on a few renders and stubbed calls: generous on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const ORDER_ID = '00000000-0000-4000-8000-0000000000d1';
const CLAIM = 'claim-token-1';

const quote: Quote = businessQuote;

const prices: PricesResponse = {
  currency: 'USD',
  taxRatePercent: 0,
  plans: [
    {
      planId: 'business',
      monthlyPriceCents: 79_00,
      monthlySmsQuota: 10_000,
      setupFeeCents: 200_00,
      whatsapp: true,
      multipleNumbers: true,
      controlPanel: true,
      developerApi: true,
      prices: [
        {
          months: 12,
          discountPercent: 10,
          listCents: 948_00,
          discountCents: 94_80,
          totalCents: 853_20,
          perMonthCents: 71_10,
        },
      ],
    },
  ],
};

function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    status: 'pending',
    kind: 'new',
    planId: 'business',
    months: 12,
    method: 'card',
    provider: 'test',
    quote,
    failureReason: null,
    redirectUrl: null,
    invoiceId: null,
    createdAt: '2026-11-27T00:00:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

const paid = (overrides: Partial<Order> = {}) =>
  anOrder({
    status: 'paid',
    invoiceId: '00000000-0000-4000-8000-0000000000e1',
    paidAt: quote.periodStart,
    ...overrides,
  });

const signedInAnswer = {
  status: 200,
  body: {
    accessToken: 'header.e30.signature',
    userData: {
      uid: '00000000-0000-4000-8000-0000000000f1',
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      photoURL: null,
      providerId: 'password',
      userRole: 'admin',
      workspaceId: '00000000-0000-4000-8000-0000000000f2',
    },
  },
};

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <CheckoutPage />
        </MemoryRouter>
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}

/** Answers the checkout's reads; `respond` handles the calls under test first. */
function serve(respond: (request: SentRequest) => { status: number; body?: unknown } | null) {
  return stubFetch((request) => {
    const answer = respond(request);
    if (answer) return answer;
    if (request.url === '/api/billing/prices') return { status: 200, body: prices };
    if (request.url.startsWith('/api/billing/quote')) return { status: 200, body: quote };
    return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
  });
}

/** Requests to a path, its query string aside. */
const calls = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.url.split('?')[0] === path);

function fillAccount() {
  const fields: Array<[RegExp, string]> = [
    [/^First name/, 'Ada'],
    [/^Last name/, 'Lovelace'],
    [/^Company/, 'Engines'],
    [/^Mobile/, '+12025550147'],
    [/^Email/, 'ada@example.com'],
    [/^Password/, 'checkout-password-1'],
  ];
  for (const [label, value] of fields) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

describe('CheckoutPage', () => {
  beforeEach(() => {
    session.signOut('signed-out');
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(leaveFor).mockReset();
  });

  it('starts one order for a double click, shows a decline’s reason, and pays a new order on the next try', async () => {
    let started = 0;
    const sent = serve((request) => {
      if (request.method === 'POST' && request.url === '/api/billing/checkout') {
        started += 1;
        return {
          status: 201,
          body: { order: anOrder({ id: ORDER_ID.replace(/1$/, String(started)) }), claimToken: CLAIM },
        };
      }
      if (request.url.endsWith('/confirm')) {
        const number = (request.body as { test: { number: string } }).test.number;
        return number === '4242424242424242'
          ? { status: 200, body: { order: paid({ id: request.url.split('/')[4] }) } }
          : { status: 402, body: { error: 'Your card was declined.', code: 'PAYMENT_DECLINED' } };
      }
      if (request.url.endsWith('/session')) return signedInAnswer;
      return null;
    });
    renderAt('/CheckOut?plan=business&period=12');
    await screen.findByText('Business plan × 12 months');
    fillAccount();
    const proceed = screen.getByRole('button', { name: 'Continue to payment' });
    fireEvent.click(proceed);
    fireEvent.click(proceed);
    await screen.findByText('Test mode');
    expect(calls(sent, 'POST', '/api/billing/checkout')).toHaveLength(1);
    const first = calls(sent, 'POST', '/api/billing/checkout')[0]!.body as { idempotencyKey: string; account: object };
    expect(first.account).toMatchObject({ email: 'ada@example.com', firstName: 'Ada' });

    const pay = (number: string) => {
      fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: number } });
      fireEvent.change(screen.getByLabelText(/^Expiry/), { target: { value: '12/39' } });
      fireEvent.change(screen.getByLabelText(/^CVC/), { target: { value: '123' } });
      fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    };
    pay('4000 0000 0000 0002');
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(calls(sent, 'POST', '/api/billing/checkout')).toHaveLength(1);

    pay('4242 4242 4242 4242');
    expect(await screen.findByText('Thank you! Your plan is active.')).toBeTruthy();
    const starts = calls(sent, 'POST', '/api/billing/checkout').map(
      (r) => (r.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(starts).toHaveLength(2);
    expect(starts[1]).not.toBe(first.idempotencyKey);
    expect(calls(sent, 'POST', `/api/billing/checkout/${ORDER_ID.replace(/1$/, '2')}/session`)[0]?.body).toEqual({
      claimToken: CLAIM,
    });
    expect(session.get().status).toBe('authenticated');
  });

  it('shows the server’s quote line by line, with the subtotal before a tax, and never a price of its own', async () => {
    const taxed: Quote = {
      ...quote,
      lines: [...quote.lines, { kind: 'tax', description: 'Tax 20 %', amountCents: 210_64 }],
      taxRatePercent: 20,
      taxCents: 210_64,
      totalCents: 1263_84,
    };
    serve((request) => (request.url.startsWith('/api/billing/quote') ? { status: 200, body: taxed } : null));
    renderAt('/CheckOut?plan=business&period=12');
    await screen.findByText('Business plan × 12 months');
    const lines = [...document.querySelectorAll('[data-line]')].map((line) => [
      line.getAttribute('data-line'),
      line.querySelector('[data-cents]')?.getAttribute('data-cents') ?? null,
    ]);
    expect(lines).toEqual([
      ['plan', '94800'],
      ['discount', '-9480'],
      ['setup_fee', '20000'],
      ['subtotal', '105320'],
      ['tax', '21064'],
      ['total', '126384'],
      ['renewal', null],
    ]);
    const text = (kind: string) =>
      (document.querySelector(`[data-line="${kind}"]`)?.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
    expect(text('discount')).toBe('Discount (10%)-$94.80');
    expect(text('tax')).toBe('Tax (20%)$210.64');
    expect(text('renewal')).toBe('Next renewal dateNov 27, 2027');
  });

  it('a retry after a lost answer sends the same key; a changed form is another order with a new key', async () => {
    let starts = 0;
    const sent = serve((request) => {
      if (request.method === 'POST' && request.url === '/api/billing/checkout') {
        starts += 1;
        if (starts < 3) throw new TypeError('Failed to fetch');
        return { status: 201, body: { order: anOrder(), claimToken: CLAIM } };
      }
      return null;
    });
    renderAt('/CheckOut?plan=business&period=12');
    await screen.findByText('Business plan × 12 months');
    fillAccount();
    const proceed = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    proceed();
    expect(await screen.findByText('The checkout could not continue')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue to payment' })).toHaveProperty('disabled', false),
    );
    proceed();
    await waitFor(() => expect(starts).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue to payment' })).toHaveProperty('disabled', false),
    );
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@engines.example' } });
    proceed();
    await screen.findByText('Test mode');
    const keys = calls(sent, 'POST', '/api/billing/checkout').map(
      (request) => (request.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('leaves for the provider’s page and keeps the claim token for the way back', async () => {
    serve((request) =>
      request.method === 'POST' && request.url === '/api/billing/checkout'
        ? {
            status: 201,
            body: {
              order: anOrder({ provider: 'stripe', redirectUrl: 'https://checkout.stripe.test/c/1' }),
              claimToken: CLAIM,
            },
          }
        : null,
    );
    renderAt('/CheckOut?plan=business&period=12');
    await screen.findByText('Business plan × 12 months');
    fillAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
    expect(sessionStorage.getItem(`switchboard.checkout.${ORDER_ID}`)).toBe(CLAIM);
    expect(screen.getByText('Taking you to the payment page…')).toBeTruthy();
  });

  it('back from Stripe: asks for the order until the webhook has paid it, then signs the visitor in', async () => {
    sessionStorage.setItem(`switchboard.checkout.${ORDER_ID}`, CLAIM);
    let served = 0;
    const sent = serve((request) => {
      if (request.method === 'GET' && request.url.startsWith(`/api/billing/checkout/${ORDER_ID}`)) {
        served += 1;
        return {
          status: 200,
          body: { order: served < 2 ? anOrder({ provider: 'stripe' }) : paid({ provider: 'stripe' }) },
        };
      }
      if (request.url.endsWith('/session')) return signedInAnswer;
      return null;
    });
    renderAt(`/CheckOut?order=${ORDER_ID}`);
    expect(await screen.findByText('Waiting for the payment provider to confirm the payment…')).toBeTruthy();
    expect(await screen.findByText('Thank you! Your plan is active.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(calls(sent, 'GET', `/api/billing/checkout/${ORDER_ID}`).length).toBeGreaterThanOrEqual(2);
    // Stripe's payment is never confirmed from the browser.
    expect(calls(sent, 'POST', `/api/billing/checkout/${ORDER_ID}/confirm`)).toHaveLength(0);
    expect(session.get().status).toBe('authenticated');
    expect(sessionStorage.getItem(`switchboard.checkout.${ORDER_ID}`)).toBeNull();
  });

  it('back from PayPal: captures the approved payment once', async () => {
    sessionStorage.setItem(`switchboard.checkout.${ORDER_ID}`, CLAIM);
    const sent = serve((request) => {
      if (request.method === 'GET' && request.url.startsWith(`/api/billing/checkout/${ORDER_ID}`)) {
        return { status: 200, body: { order: anOrder({ provider: 'paypal', method: 'paypal' }) } };
      }
      if (request.url.endsWith('/confirm')) return { status: 200, body: { order: paid({ provider: 'paypal' }) } };
      if (request.url.endsWith('/session')) return signedInAnswer;
      return null;
    });
    renderAt(`/CheckOut?order=${ORDER_ID}&token=PAYPAL-1&PayerID=P1`);
    expect(await screen.findByText('Thank you! Your plan is active.')).toBeTruthy();
    expect(calls(sent, 'POST', `/api/billing/checkout/${ORDER_ID}/confirm`).map((r) => r.body)).toEqual([
      { claimToken: CLAIM },
    ]);
  });

  it('a cancel on the provider’s page buys nothing and offers a new order', async () => {
    const sent = serve((request) =>
      request.method === 'GET' && request.url.startsWith(`/api/billing/checkout/${ORDER_ID}`)
        ? { status: 200, body: { order: anOrder({ provider: 'paypal', method: 'paypal' }) } }
        : null,
    );
    renderAt(`/CheckOut?order=${ORDER_ID}&canceled=1`);
    expect(await screen.findByText('The payment was cancelled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new order' }).getAttribute('href')).toBe(
      '/CheckOut?plan=business&period=12',
    );
    expect(calls(sent, 'POST', '/api/billing/checkout')).toHaveLength(0);
  });
});
