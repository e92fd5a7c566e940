import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_EDITOR, signIn, uniqueEmail } from './support/auth';
import { blockingViolations, collectProblems, themedPage } from './support/shell';

// The pricing page and the checkout (issue 16) on the offline test provider: a visitor goes from
// /pricing to a paid business plan for 12 months and ends signed in as the admin of a new
// workspace (quota 10,000); a declined card shows the provider's reason and creates nothing; the
// test PayPal approve and cancel; Arabic shows the same numbers; axe light and dark.

/** Text as the page shows it, without the direction isolates around amounts and dates. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** The locator's text without direction isolates equals `expected` (retried like toHaveText). */
async function expectPlainText(locator: Locator, expected: string) {
  await expect.poll(async () => plain(await locator.textContent())).toBe(expected);
}

/** Cents formatted by the browser's Intl in a language, as the pages do. */
function moneyIn(page: Page, locale: string, cents: number[]): Promise<string[]> {
  return page.evaluate(
    ({ locale, cents }) => {
      const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
      return cents.map((c) => money.format(c / 100));
    },
    { locale, cents },
  );
}

/** The order summary as { line kind: [cents, text] }. */
async function summaryLines(page: Page): Promise<Record<string, [number, string]>> {
  const summary = page.getByTestId('order-summary');
  await expect(summary.locator('[data-line="total"]')).toBeVisible();
  const rows = await summary
    .locator('[data-line] [data-cents]')
    .evaluateAll((amounts) =>
      amounts.map((amount) => [
        amount.closest('[data-line]')!.getAttribute('data-line')!,
        Number(amount.getAttribute('data-cents')),
        amount.textContent ?? '',
      ]),
    );
  return Object.fromEntries(rows.map(([kind, cents, text]) => [kind, [cents, plain(text as string)]]));
}

interface Visitor {
  email: string;
  password: string;
}

/** Fills a visitor's sign-up fields on /CheckOut. */
async function fillAccount(page: Page, name = 'Ada'): Promise<Visitor> {
  const visitor = { email: uniqueEmail('checkout'), password: 'checkout-password-1' };
  await page.getByRole('textbox', { name: /^First name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Lovelace');
  await page.getByRole('textbox', { name: /^Company/ }).fill(`${name} Engines`);
  await page.getByRole('textbox', { name: /^Mobile/ }).fill('+12025550147');
  await page.getByRole('textbox', { name: /^Email/ }).fill(visitor.email);
  await page.getByLabel(/^Password/).fill(visitor.password);
  return visitor;
}

async function payWithCard(page: Page, number: string, amount: string) {
  const testMode = page.getByTestId('test-payment');
  await expect(testMode.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(testMode).toContainText('4242 4242 4242 4242');
  await testMode.getByLabel(/^Card number/).fill(number);
  await testMode.getByLabel(/^Expiry/).fill('12/39');
  await testMode.getByLabel(/^CVC/).fill('123');
  const pay = testMode.getByRole('button', { name: /^Pay / });
  await expectPlainText(pay, `Pay ${amount}`);
  await pay.click();
}

/** Signing in with the visitor's address fails: no account was created. */
async function expectNoAccount(page: Page, visitor: Visitor) {
  const response = await page.request.post('/api/auth/login', { data: visitor });
  expect(await response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
}

test('a visitor buys business for 12 months on /pricing with the test card and ends signed in as the admin of a new workspace', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^12 months/ })
    .click();
  await expect(page).toHaveURL('/pricing?period=12');
  const business = page.getByRole('article', { name: 'Business' });
  await expectPlainText(business.getByTestId('per-month'), '$71.10 / month');
  await expectPlainText(business.getByTestId('period-total'), '$853.20 billed for 12 months');
  expect(plain(await business.textContent())).toContain('10% discount: you save $94.80');
  expect(plain(await business.textContent())).toContain('$200.00 setup fee (once)');
  await expect(business).toContainText('Under 10,000 SMS a month');
  await expect(page.getByRole('article', { name: 'Starter' })).toContainText('No setup fee');
  await business.getByRole('link', { name: 'Choose Business' }).click();
  await expect(page).toHaveURL('/CheckOut?plan=business&period=12');

  // The server's summary: plan × period, the 10 % discount, the $200 setup fee, the total.
  expect(await summaryLines(page)).toEqual({
    plan: [94800, '$948.00'],
    discount: [-9480, '-$94.80'],
    setup_fee: [20000, '$200.00'],
    total: [105320, '$1,053.20'],
  });
  const summary = plain(await page.getByTestId('order-summary').textContent());
  expect(summary).toContain('Business plan × 12 months');
  expect(summary).toContain('Discount (10%)');
  expect(summary).toContain('Next renewal date');

  // The contract's rules before any request; then a double click starts one order.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Please enter your first name.')).toBeVisible();
  await fillAccount(page);
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/billing/checkout')) starts.push(request.url());
  });
  await page.getByRole('button', { name: 'Continue to payment' }).dblclick();
  await payWithCard(page, '4242 4242 4242 4242', '$1,053.20');
  expect(starts).toHaveLength(1);

  const success = page.getByTestId('checkout-success');
  await expect(success).toContainText('Thank you! Your plan is active.');
  await expect(success).toContainText('You are signed in as Ada Lovelace, the admin of your new workspace.');
  await expect(success.getByRole('link', { name: 'View the invoice' })).toBeVisible();
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath('success.png') });
  // Signed in as the admin: the navigation's quota badge reads the new plan's 10,000.
  await page.getByTestId('usage-badge').click();
  await expect(page.getByText('0 of 10,000 SMS segments used')).toBeVisible();
  await page.keyboard.press('Escape');
  // The invoice of the payment: the discount and the setup fee.
  await success.getByRole('link', { name: 'View the invoice' }).click();
  await expect(page.getByRole('heading', { name: /^Invoice SB-\d{4}-\d{6}$/ })).toBeVisible();
  const invoice = plain(await page.getByTestId('invoice-lines').textContent());
  expect(invoice).toContain('-$94.80');
  expect(invoice).toContain('$200.00');

  // /pricing marks the workspace's plan; an upgrade to pro shows the credit for business's days.
  await page.goto('/pricing?period=12');
  await expect(page.getByRole('article', { name: 'Business' }).getByText('Current plan')).toBeVisible();
  await page.getByRole('article', { name: 'Professional' }).getByRole('link', { name: 'Choose Professional' }).click();
  await expect(page.getByText('Buying for your workspace as Ada Lovelace.')).toBeVisible();
  const upgrade = await summaryLines(page);
  expect(upgrade.proration_credit?.[0]).toBeLessThan(0);
  expect(upgrade.setup_fee).toBeUndefined();
  expect(upgrade.total?.[0]).toBe(298800 - 29880 + (upgrade.proration_credit?.[0] ?? 0));
  await expect(page.getByTestId('order-summary')).toContainText('The upgrade takes effect at once');
  // The admin pays the upgrade (no sign-up fields, no claim token): pro's 50,000 at once.
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const [, upgradeText] = upgrade.total!;
  await payWithCard(page, '4242 4242 4242 4242', upgradeText);
  await expect(page.getByTestId('checkout-success')).toContainText('Professional plan for 12 months');
  await page.getByTestId('usage-badge').click();
  await expect(page.getByText('0 of 50,000 SMS segments used')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a declined card shows the provider’s reason and creates nothing; the next try pays', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/CheckOut?plan=pro&period=1');
  expect((await summaryLines(page)).total).toEqual([44900, '$449.00']);
  const visitor = await fillAccount(page, 'Grace');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payWithCard(page, '4000 0000 0000 0002', '$449.00');
  const alert = page.getByRole('alert').filter({ hasText: 'The payment was declined' });
  await expect(alert).toContainText('Your card was declined.');
  await expect(page.getByTestId('checkout-success')).toHaveCount(0);
  await expectNoAccount(page, visitor);
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath('declined.png'), fullPage: true });

  // Another card: a new order, paid.
  await payWithCard(page, '4242424242424242', '$449.00');
  await expect(page.getByTestId('checkout-success')).toContainText('Professional plan for 1 month');
});

test('the test PayPal payment: cancel buys nothing, approve pays', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/CheckOut?plan=starter&period=3');
  const canceled = await fillAccount(page, 'Paula');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const testMode = page.getByTestId('test-payment');
  await expect(testMode.getByText('Test mode', { exact: true })).toBeVisible();
  await testMode.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The payment was cancelled' })).toContainText(
    'Nothing was charged',
  );
  await expectNoAccount(page, canceled);

  await testMode.getByRole('button', { name: 'Approve the PayPal payment' }).click();
  await expect(page.getByTestId('checkout-success')).toContainText('Starter plan for 3 months');
  await expect(page.getByTestId('checkout-success')).toContainText('You are signed in as Paula Lovelace');
});

test('an editor is not authorized for /CheckOut; /pricing is open to everyone', async ({ page }) => {
  await signIn(page, { email: DEMO_EDITOR });
  await page.goto('/CheckOut?plan=pro&period=12');
  await expect(page).toHaveURL('/pages/not-authorized');
  await page.goto('/pricing');
  await expect(page.getByRole('article', { name: 'Professional' })).toBeVisible();
  // An editor may not read the workspace's usage: no plan is marked as current.
  await expect(page.getByText('Current plan')).toHaveCount(0);
});

test('Arabic shows the same numbers, right to left', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('switchboard.preferences', JSON.stringify({ language: 'ar' })));
  await page.goto('/pricing?period=12');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const business = page.getByRole('article', { name: 'الأعمال' });
  const [perMonth, total] = await moneyIn(page, 'ar', [7110, 85320]);
  await expect(business.getByTestId('per-month')).toHaveAttribute('data-cents', '7110');
  expect(plain(await business.getByTestId('per-month').textContent())).toContain(perMonth!);
  expect(plain(await business.getByTestId('period-total').textContent())).toContain(total!);

  await page.goto('/CheckOut?plan=business&period=12');
  const cents = [94800, -9480, 20000, 105320];
  const texts = await moneyIn(page, 'ar', cents);
  const lines = await summaryLines(page);
  expect(lines).toEqual({
    plan: [cents[0], texts[0]],
    discount: [cents[1], texts[1]],
    setup_fee: [cents[2], texts[2]],
    total: [cents[3], texts[3]],
  });
  await expect(page.getByRole('region', { name: 'ملخص الطلب' })).toBeVisible();
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: test.info().outputPath('checkout-ar.png'), fullPage: true });
    await page.goto('/pricing?period=12');
    await expect(page.getByRole('article', { name: 'الأعمال' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('pricing-ar.png'), fullPage: true });
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`/pricing and /CheckOut pass axe in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    const shot = async (name: string) => {
      if (process.env.E2E_SCREENSHOTS) {
        await page.screenshot({ path: test.info().outputPath(`${name}-${theme}.png`), fullPage: true });
      }
    };
    await page.goto('/pricing?period=6');
    await expect(page.getByRole('article', { name: 'Unlimited' }).getByTestId('per-month')).toBeVisible();
    expect(await blockingViolations(page), '/pricing').toEqual([]);
    await shot('pricing');

    await page.goto('/CheckOut?plan=business&period=12');
    await summaryLines(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Please enter your first name.')).toBeVisible();
    expect(await blockingViolations(page), '/CheckOut with the form’s errors').toEqual([]);
    await shot('checkout');

    await fillAccount(page, 'Axel');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByTestId('test-payment')).toBeVisible();
    expect(await blockingViolations(page), '/CheckOut test mode card form').toEqual([]);
    await shot('checkout-test-card');
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('at 360 px both pages fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/pricing?period=12', '/CheckOut?plan=business&period=12']) {
    await page.goto(path);
    await expect(page.getByRole('radio', { name: /^12 months/ })).toBeChecked();
    await expect(page.getByRole('heading', { name: /Plans and prices|Order summary/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: test.info().outputPath(`${path.startsWith('/pricing') ? 'pricing' : 'checkout'}-360.png`),
        fullPage: true,
      });
    }
  }
});
