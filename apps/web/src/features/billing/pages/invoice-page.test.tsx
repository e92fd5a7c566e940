import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { Invoice } from '@switchboard/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { stubFetch } from '../../../test/stub-fetch';
import { anInvoice, INVOICE_ID } from './billing-fixtures';
import InvoicePage from './invoice-page';

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

function renderInvoice(invoice: Invoice) {
  stubFetch((request) =>
    request.url === `/api/invoices/${invoice.id}`
      ? { status: 200, body: { invoice } }
      : { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/views/billing/invoices/${invoice.id}`]}>
          <Routes>
            <Route path="/views/billing/invoices/:id" element={<InvoicePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}

/** The lines table as [description, amount] pairs. */
function lines(): string[][] {
  const table = screen.getByRole('table', { name: /Invoice lines|بنود الفاتورة/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    );
}

describe('InvoicePage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en');
  });

  it('shows seller, buyer, number, dates, every line with the discount and the setup fee, the total and the reference', async () => {
    renderInvoice(anInvoice());
    expect(await screen.findByRole('heading', { name: 'Invoice SB-2026-000001' })).toBeTruthy();
    expect(plain(screen.getByTestId('invoice-seller').textContent)).toContain('Switchboard Inc.');
    expect(plain(screen.getByTestId('invoice-buyer').textContent)).toContain('Analytical Ltd');
    expect(plain(screen.getByTestId('invoice-buyer').textContent)).toContain('VAT ID: GB123456789');
    expect(plain(screen.getByTestId('invoice-paid').textContent)).toBe('Nov 27, 2026');
    expect(plain(screen.getByTestId('invoice-reference').textContent)).toBe('test_ch_0001');
    expect(lines()).toEqual([
      ['Business plan, 12 months', '$948.00'],
      ['Discount for the prepaid period (10%)', '-$94.80'],
      ['Setup fee (once)', '$200.00'],
      ['Subtotal', '$1,053.20'],
      ['Total', '$1,053.20'],
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it('shows a proration credit and tax after the subtotal', async () => {
    renderInvoice(
      anInvoice({
        planId: 'pro',
        lines: [
          { kind: 'plan', description: 'Pro plan, 12 months', amountCents: 2988_00 },
          { kind: 'discount', description: 'Discount', amountCents: -298_80 },
          { kind: 'proration_credit', description: 'Credit', amountCents: -850_00 },
          { kind: 'tax', description: 'Tax 20 %', amountCents: 367_84 },
        ],
        subtotalCents: 1839_20,
        taxRatePercent: 20,
        taxCents: 367_84,
        totalCents: 2207_04,
      }),
    );
    await screen.findByRole('heading', { name: 'Invoice SB-2026-000001' });
    expect(lines()).toEqual([
      ['Professional plan, 12 months', '$2,988.00'],
      ['Discount for the prepaid period (10%)', '-$298.80'],
      ['Credit for the unused part of the previous plan', '-$850.00'],
      ['Subtotal', '$1,839.20'],
      ['Tax (20%)', '$367.84'],
      ['Total', '$2,207.04'],
    ]);
  });

  it('marks a credit note and names the invoice it refunds', async () => {
    renderInvoice(
      anInvoice({
        id: INVOICE_ID,
        number: 'SB-2026-000002',
        kind: 'credit_note',
        creditForNumber: 'SB-2026-000001',
        lines: [{ kind: 'plan', description: 'Business plan, 12 months', amountCents: -853_20 }],
        subtotalCents: -853_20,
        totalCents: -853_20,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Credit note SB-2026-000002' })).toBeTruthy();
    expect(screen.getByText('Refund of invoice SB-2026-000001')).toBeTruthy();
    expect(screen.getByTestId('invoice-document').getAttribute('data-kind')).toBe('credit_note');
    expect(plain(screen.getByTestId('invoice-total').textContent)).toBe('-$853.20');
  });

  it('writes amounts and dates as Arabic does, right to left, with the same numbers', async () => {
    await setLanguage('ar');
    renderInvoice(anInvoice());
    expect(await screen.findByRole('heading', { name: 'الفاتورة SB-2026-000001' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const money = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' });
    expect(plain(screen.getByTestId('invoice-total').textContent)).toBe(money.format(1053.2));
    expect(lines()[1]![1]).toBe(money.format(-94.8));
  });
});
