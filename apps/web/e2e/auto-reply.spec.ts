import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Network } from '@switchboard/contract';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';
import { virtualPhone, virtualPhoneNumber } from './support/virtual-phone';

const REPLY = 'Our price list: example.com/prices';

/** The fresh admin's access token and the sandbox network every new workspace starts with. */
async function workspaceOf(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const { networks } = (await (await request.get('/api/networks', { headers })).json()) as { networks: Network[] };
  const sandbox = networks.find((network) => network.kind === 'sandbox');
  expect(sandbox, 'a new workspace has a sandbox network').toBeTruthy();
  return { headers, sandbox: sandbox! };
}

/** Creates the "PRICE" keyword rule through the form, as a person does. */
async function createPriceRule(page: Page) {
  await page.getByRole('button', { name: 'New rule' }).first().click();
  const form = page.getByRole('dialog', { name: 'New rule' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Prices');
  await expect(form.getByRole('radio', { name: 'Keyword' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Exact' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Keyword 1' }).fill('PRICE');
  await form.getByRole('textbox', { name: 'Reply text' }).fill(REPLY);
  await expect(form.getByTestId('reply-preview')).toHaveText(REPLY);
  await expect(form.getByTestId('preview-segments')).toHaveText('SMS parts: 1');
  await form.getByRole('textbox', { name: 'Cooldown per contact (minutes)' }).fill('60');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form).toBeHidden();
}

test.describe('Auto-reply', () => {
  test('a keyword rule answers the sandbox phone once, then the cooldown holds it back and Try says so', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { email, password } = await signUpFresh(page, 'Auto Reply Tester');
    const { headers, sandbox } = await workspaceOf(request, email, password);
    const number = virtualPhoneNumber();
    const phone = virtualPhone(request, headers, sandbox, number);
    const replies = async () => (await phone.thread()).filter((m) => m.direction === 'out' && m.body === REPLY);

    await page.goto('/views/auto-reply');
    await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();
    await createPriceRule(page);
    const row = page
      .getByRole('list', { name: 'Auto-reply rules' })
      .getByRole('listitem')
      .filter({ hasText: 'Prices' });
    await expect(row).toContainText('Exact: PRICE');
    await expect(row).toContainText('Fired: 0');

    // The phone texts "price?": the reply arrives on the phone, and the list counts it live.
    await phone.text('price?');
    await expect.poll(async () => (await replies()).length, { timeout: 15_000 }).toBe(1);
    await expect(row).toContainText('Fired: 1');

    // In the inbox the reply is in the thread, marked as an auto-reply.
    await page.goto('/views/conversations');
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: number }).click();
    const thread = page.getByRole('log', { name: `Messages with ${number}` });
    const reply = thread.locator('[data-message-id]').filter({ hasText: REPLY });
    await expect(reply).toHaveCount(1);
    await expect(reply).toContainText('Auto-reply');

    // A second "price?" within the cooldown is stored but not answered.
    await phone.text('price?');
    await expect(thread.locator('[data-message-id]').filter({ hasText: 'price?' })).toHaveCount(2);
    // Nothing is sent after it (an auto-reply is queued in the same transaction as the inbound).
    await page.waitForTimeout(1_500);
    expect(await replies()).toHaveLength(1);
    await expect(reply).toHaveCount(1);

    // "Try a message" with the same sender and text explains why: the rule's cooldown.
    await page.goto('/views/auto-reply');
    await expect(row).toContainText('Fired: 1');
    await expect(page.getByRole('textbox', { name: 'Network' })).toHaveValue(sandbox.name);
    await page.getByRole('textbox', { name: 'Sender’s number' }).fill(number);
    await page.getByRole('textbox', { name: 'Message' }).fill('price?');
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    const result = page.getByTestId('try-result');
    await expect(result).toHaveAttribute('data-reason', 'cooldown');
    await expect(result).toContainText(
      'Rule “Prices” matches, but it answered this contact less than its cooldown ago.',
    );
    await expect(result).toContainText('The contact can get an auto-reply again from');
  });
});

// The auto-reply screen passes axe (no serious or critical violations) in the light and the dark
// theme: the list, the form with business hours open, and a Try result; without console errors
// or failed requests.
for (const theme of ['light', 'dark'] as const) {
  test(`the auto-reply screen passes axe in the ${theme} theme, without console errors`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    await signUpFresh(page, 'Auto Reply Tester');

    await page.goto('/views/auto-reply');
    await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();
    expect(await blockingViolations(page), 'empty list').toEqual([]);

    await createPriceRule(page);
    await expect(page.getByRole('list', { name: 'Auto-reply rules' })).toContainText('Prices');
    expect(await blockingViolations(page), 'list').toEqual([]);

    await page.getByRole('button', { name: 'New rule' }).first().click();
    const form = page.getByRole('dialog', { name: 'New rule' });
    await form.getByRole('radio', { name: 'Outside business hours' }).click();
    await form.getByRole('button', { name: 'Add hours on Monday' }).click();
    await form.getByRole('textbox', { name: 'Reply text' }).fill('Hi {name}, we are closed. Back at 9.');
    await expect(form.getByRole('textbox', { name: 'Holiday date' })).toBeVisible();
    expect(await blockingViolations(page), 'form with business hours').toEqual([]);
    // Saving without a name shows the errors: they must pass too.
    await form.getByRole('button', { name: 'Create rule' }).click();
    await expect(form.getByRole('alert')).toContainText('Please check the highlighted fields.');
    expect(await blockingViolations(page), 'form with errors').toEqual([]);
    await form.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('textbox', { name: 'Sender’s number' }).fill('12345');
    await page.getByRole('textbox', { name: 'Message' }).fill('PRICE');
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await expect(page.getByTestId('try-result')).toHaveAttribute('data-reason', 'short-code');
    expect(await blockingViolations(page), 'try result').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
