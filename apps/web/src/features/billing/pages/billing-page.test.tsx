import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BillingOverview, BillingProfile } from '@switchboard/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch, type SentRequest } from '../../../test/stub-fetch';
import { anInvoice, anOrder, anOverview, INVOICE_ID, usage } from './billing-fixtures';
import BillingPage from './billing-page';

const profile: BillingProfile = {
  name: 'Ada Lovelace',
  company: 'Analytical Ltd',
  email: 'ada@example.com',
  addressLines: ['12 Engine Row', 'London'],
  vatId: null,
};

/** Strips the direction isolates the page puts around amounts and dates. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BillingPage />
        </MemoryRouter>
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}

function serve(
  overview: BillingOverview,
  respond: (request: SentRequest) => { status: number; body?: unknown } | null = () => null,
) {
  return stubFetch((request) => {
    const answer = respond(request);
    if (answer) return answer;
    if (request.url === '/api/billing') return { status: 200, body: overview };
    if (request.url === '/api/invoices') return { status: 200, body: { invoices: [anInvoice()] } };
    if (request.url === '/api/billing/profile') return { status: 200, body: profile };
    if (request.url === '/api/usage') return { status: 200, body: usage };
    return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
  });
}

describe('BillingPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without a paid period, says whether the plan is the free starter or one given without a purchase', async () => {
    const noPeriod = { status: 'none', months: null, periodStart: null, periodEnd: null, next: null } as const;
    serve(anOverview({ subscription: { ...anOverview().subscription, ...noPeriod, planId: 'unlimited' } }));
    const { unmount } = renderPage();
    expect(await screen.findByText(/it was given, not bought/)).toBeTruthy();
    unmount();
    serve(anOverview({ subscription: { ...anOverview().subscription, ...noPeriod, planId: 'starter' } }));
    renderPage();
    expect(await screen.findByText(/on the free Starter plan without a paid period/)).toBeTruthy();
  });

  it('shows the plan, its period, the usage, the payment, the change and the invoice from the server’s answers', async () => {
    serve(anOverview());
    renderPage();
    expect((await screen.findByTestId('billing-plan')).textContent).toBe('Business');
    expect(screen.getByTestId('billing-status').textContent).toBe('Active');
    expect(plain(screen.getByTestId('billing-period-end').textContent)).toBe('Nov 27, 2027');
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(await screen.findByText('1,200 of 10,000 SMS segments used')).toBeTruthy();

    const payments = screen.getByRole('table', { name: /Payments of the workspace/ });
    const payment = within(payments).getAllByRole('row')[1]!;
    expect(plain(payment.textContent)).toContain('Business × 12 months');
    expect(plain(payment.textContent)).toContain('Card via test provider');
    expect(plain(payment.textContent)).toContain('$1,053.20');
    expect(
      within(payment)
        .getByRole('link', { name: /Open the invoice/ })
        .getAttribute('href'),
    ).toBe(`/views/billing/invoices/${INVOICE_ID}`);

    const changes = screen.getByRole('table', { name: /Every change of the plan/ });
    expect(plain(within(changes).getAllByRole('row')[1]!.textContent)).toMatch(
      /Ada Lovelace.*Purchase.*Starter.*Business.*\$1,053\.20/,
    );

    const invoices = await screen.findByRole('table', { name: /Invoices and credit notes/ });
    expect(plain(invoices.textContent)).toContain('SB-2026-000001');
    expect(within(invoices).getByRole('button', { name: 'Download SB-2026-000001 as PDF' })).toBeTruthy();
  });

  it('cancels at period end after the confirmation, then offers to resume', async () => {
    const canceling = { ...anOverview().subscription, status: 'canceling' as const };
    let overview = anOverview();
    const sent = serve(overview, (request) => {
      if (request.method === 'POST' && request.url === '/api/billing/cancel') {
        overview = anOverview({ subscription: canceling });
        return { status: 200, body: canceling };
      }
      return request.url === '/api/billing' ? { status: 200, body: overview } : null;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel at the end of the period?' });
    expect(plain(dialog.textContent)).toContain('The Business plan stays in force until Nov 27, 2027');
    expect(sent.some((request) => request.url === '/api/billing/cancel')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(screen.getByTestId('billing-status').getAttribute('data-status')).toBe('canceling'));
    expect(plain(screen.getByTestId('billing-status').textContent)).toBe('Ends on Nov 27, 2027');
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
  });

  it('shows a workspace without a paid period as Starter with the way to choose a plan', async () => {
    serve(
      anOverview({
        subscription: {
          planId: 'starter',
          status: 'none',
          months: null,
          periodStart: null,
          periodEnd: null,
          next: null,
          setupFeePaid: false,
        },
        payments: [
          anOrder({ status: 'failed', failureReason: 'Your card was declined.', invoiceId: null, paidAt: null }),
        ],
        changes: [],
      }),
    );
    renderPage();
    expect((await screen.findByTestId('billing-plan')).textContent).toBe('Starter');
    expect(screen.getByText(/free Starter plan without a paid period/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
    expect(screen.getByText(/Your card was declined\./)).toBeTruthy();
    expect(screen.getByText('No changes yet.')).toBeTruthy();
  });

  it('saves the billing details checked with the contract’s schema, blank optional fields as null', async () => {
    const sent = serve(anOverview(), (request) =>
      request.method === 'PUT' ? { status: 200, body: request.body } : null,
    );
    renderPage();
    const form = await screen.findByTestId('billing-profile-form');
    await waitFor(() => expect((within(form).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ada Lovelace'));
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save billing details' }));
    expect(await within(form).findByText('Please enter the name to print on invoices.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Ada King' } });
    fireEvent.change(within(form).getByLabelText(/Company/), { target: { value: '  ' } });
    fireEvent.change(within(form).getByLabelText(/VAT ID/), { target: { value: 'GB999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')).toBeTruthy());
    expect(sent.find((request) => request.method === 'PUT')!.body).toEqual({
      name: 'Ada King',
      company: null,
      email: 'ada@example.com',
      addressLines: ['12 Engine Row', 'London'],
      vatId: 'GB999',
    });
  });
});
