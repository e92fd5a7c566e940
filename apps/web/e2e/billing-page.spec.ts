import { expect, test, type Page } from '@playwright/test';
import type { Invoice } from '@switchboard/contract';
import { buyAsNewCustomer, buyForWorkspace } from './support/billing-purchase';
import { blockingViolations, collectProblems, themedPage } from './support/shell';

// The billing page and the invoice page (issue 16): a customer who bought business × 12 with the
// test card sees the plan, its period end, the payment and the invoice (10 % discount, $200 setup
// fee), downloads the PDF, cancels at period end and resumes; an upgrade to pro shows its
// proration credit on the new invoice; Arabic shows the same numbers; axe light and dark.

/** Text as the page shows it, without the direction isolates around amounts and dates. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** Matches text with `value` in it, the isolates around the value allowed. */
const withValue = (before: string, value: string) =>
  new RegExp(`^${before}[\u2066-\u2069]?${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\u2066-\u2069]?$`);

/** Cents and days formatted by the browser's Intl in a language, as the pages do. */
function formatIn(page: Page, locale: string, cents: number[], days: string[]) {
  return page.evaluate(
    ({ locale, cents, days }) => {
      const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
      const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      return { money: cents.map((c) => money.format(c / 100)), days: days.map((d) => day.format(new Date(d))) };
    },
    { locale, cents, days },
  );
}

async function invoicesOf(page: Page, headers: Record<string, string>): Promise<Invoice[]> {
  const response = await page.request.get('/api/invoices', { headers });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { invoices: Invoice[] }).invoices;
}

/** The invoice page's lines table as [description, amount] rows. */
async function invoiceLines(page: Page): Promise<string[][]> {
  const rows = page.getByTestId('invoice-lines').locator('tbody tr');
  const texts = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  return texts.map((cells) => cells.map(plain));
}

test('a customer’s billing page and invoices: plan, payment, invoice and its PDF, cancel and resume, an upgrade’s proration, Arabic', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = collectProblems(page);
  const { order, headers } = await buyAsNewCustomer(page.request);
  const [invoice] = await invoicesOf(page, headers);
  expect(invoice).toBeTruthy();

  // The billing page: plan, period end, the payment and the invoice.
  await page.goto('/views/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText('Business');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  const en = await formatIn(page, 'en', [order.quote.totalCents], [order.quote.periodEnd]);
  await expect(page.getByTestId('billing-period-end')).toContainText(en.days[0]!);
  await expect(page.getByTestId('usage-bar')).toContainText('of 10,000 SMS segments used');
  const payment = page.getByTestId('billing-payments').locator(`tr[data-order-id="${order.id}"]`);
  await expect(payment).toContainText('Business × 12 months');
  await expect(payment).toContainText(en.money[0]!);
  await expect(payment).toContainText('Paid');
  const invoiceRow = page.getByTestId('billing-invoices').locator(`tr[data-invoice-id="${invoice!.id}"]`);
  await expect(invoiceRow).toContainText(invoice!.number);
  await expect(invoiceRow).toContainText(en.money[0]!);
  await expect(page.getByTestId('billing-changes').locator('tr[data-action="purchase"]')).toContainText('Grace Hopper');

  // The invoice: the 10 % discount and the $200 setup fee of business × 12, the total paid.
  await invoiceRow.getByRole('link', { name: invoice!.number, exact: true }).click();
  await expect(page).toHaveURL(`/views/billing/invoices/${invoice!.id}`);
  await expect(page.getByRole('heading', { name: `Invoice ${invoice!.number}` })).toBeVisible();
  expect(await invoiceLines(page)).toEqual([
    ['Business plan, 12 months', '$948.00'],
    ['Discount for the prepaid period (10%)', '-$94.80'],
    ['Setup fee (once)', '$200.00'],
    ['Subtotal', '$1,053.20'],
    ['Total', '$1,053.20'],
  ]);
  await expect(page.getByTestId('invoice-buyer')).toContainText('Cobol Works');

  // The server's PDF, downloaded with the session's token.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoice!.number}.pdf`);

  // Cancel at period end (asked first), then resume.
  await page.getByRole('link', { name: 'Back to billing' }).click();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel at the end of the period?' });
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByTestId('billing-status')).toHaveText(withValue('Ends on ', en.days[0]!));
  await expect(page.getByTestId('billing-changes').locator('tr[data-action="cancel"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(page.getByTestId('billing-changes').locator('tr[data-action="resume"]')).toHaveCount(1);

  // An upgrade to pro mid-period (through the API): the page follows it live (workspace.updated),
  // and the new invoice carries the credit for business's unused days.
  const upgrade = await buyForWorkspace(page.request, headers, 'pro', 12);
  expect(upgrade.kind).toBe('upgrade');
  await expect(page.getByTestId('billing-plan')).toHaveText('Professional');
  const upgraded = (await invoicesOf(page, headers)).find((item) => item.orderId === upgrade.id)!;
  const credit = upgraded.lines.find((line) => line.kind === 'proration_credit')!;
  expect(credit.amountCents).toBeLessThan(0);
  await page
    .getByTestId('billing-invoices')
    .locator(`tr[data-invoice-id="${upgraded.id}"]`)
    .getByRole('link')
    .first()
    .click();
  const pro = await formatIn(page, 'en', [credit.amountCents, upgraded.totalCents], []);
  await expect(page.getByRole('heading', { name: `Invoice ${upgraded.number}` })).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText(withValue('', pro.money[1]!));
  const lines = await invoiceLines(page);
  expect(lines).toContainEqual(['Credit for the unused part of the previous plan', pro.money[0]]);
  expect(lines.at(-1)).toEqual(['Total', pro.money[1]]);

  // Arabic: right to left, the same numbers as Arabic writes them.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = await formatIn(page, 'ar', [credit.amountCents, upgraded.totalCents], []);
  await expect(page.getByTestId('invoice-total')).toHaveText(withValue('', ar.money[1]!));
  expect(await invoiceLines(page)).toContainEqual(['رصيد الجزء غير المستخدم من الخطة السابقة', ar.money[0]]);
  await page.screenshot({ path: test.info().outputPath('invoice-ar.png'), fullPage: true });
  await page.goto('/views/billing');
  await expect(page.getByTestId('billing-plan')).toHaveText('الاحترافية');
  const arEnd = (await formatIn(page, 'ar', [], [upgrade.quote.periodEnd])).days[0]!;
  await expect(page.getByTestId('billing-period-end')).toHaveText(withValue('', arEnd));
  await expect(page.getByTestId('billing-invoices').locator(`tr[data-invoice-id="${upgraded.id}"]`)).toContainText(
    ar.money[1]!,
  );
  await page.screenshot({ path: test.info().outputPath('billing-ar.png'), fullPage: true });

  expect(problems).toEqual([]);
  await context.close();
});

test('a next period paid in advance shows on the page; a cancel refunds it with a credit note, marked on its page', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const { order, headers } = await buyAsNewCustomer(page.request, { planId: 'business', months: 1 });
  const renewal = await buyForWorkspace(page.request, headers, 'business', 3);
  expect(renewal.kind).toBe('renewal');
  const en = await formatIn(page, 'en', [], [order.quote.periodEnd]);

  // The menu's Billing entry (Account) leads to the page.
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL('/views/billing');
  await expect(page.getByTestId('billing-next')).toHaveText(withValue('Business × 3 months, from ', en.days[0]!));
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel at the end of the period?' });
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByTestId('billing-status')).toHaveText(withValue('Ends on ', en.days[0]!));
  await expect(page.getByTestId('billing-next')).toHaveCount(0);
  await expect(page.getByTestId('billing-payments').locator(`tr[data-order-id="${renewal.id}"]`)).toContainText(
    'Refunded',
  );

  const [creditNote, renewalInvoice] = await invoicesOf(page, headers);
  expect(creditNote!.kind).toBe('credit_note');
  const row = page.getByTestId('billing-invoices').locator(`tr[data-invoice-id="${creditNote!.id}"]`);
  await expect(row).toContainText('Credit note');
  await row.getByRole('link', { name: creditNote!.number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Credit note ${creditNote!.number}` })).toBeVisible();
  await expect(page.getByText(`Refund of invoice ${renewalInvoice!.number}`)).toBeVisible();
  const total = await formatIn(page, 'en', [creditNote!.totalCents], []);
  expect(creditNote!.totalCents).toBeLessThan(0);
  await expect(page.getByTestId('invoice-total')).toHaveText(withValue('', total.money[0]!));
  expect(problems).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the billing and invoice pages pass axe in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    const { headers } = await buyAsNewCustomer(page.request);
    const [invoice] = await invoicesOf(page, headers);

    await page.goto('/views/billing');
    await expect(page.getByTestId('billing-plan')).toHaveText('Business');
    await expect(page.getByTestId('billing-invoices')).toContainText(invoice!.number);
    await expect(page.getByTestId('billing-profile-form')).toBeVisible();
    expect(await blockingViolations(page), 'billing page').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`billing-${theme}.png`), fullPage: true });

    await page.goto(`/views/billing/invoices/${invoice!.id}`);
    await expect(page.getByTestId('invoice-total')).toBeVisible();
    expect(await blockingViolations(page), 'invoice page').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`invoice-${theme}.png`), fullPage: true });

    expect(problems).toEqual([]);
    await context.close();
  });
}
