import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CARD_NAMES, type CardStatistics, type ConversationListResponse, type Network } from '@switchboard/contract';
import { formatCardValue } from '../src/features/analytics/lib/analytics-format';
import { DEMO_EDITOR, DEMO_PASSWORD, signIn } from './support/auth';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';
import { virtualPhone, virtualPhoneNumber } from './support/virtual-phone';

// The control panel (/dashboard/analytics, issue 17): a fresh workspace's figures as the server
// counts them; a text from the sandbox phone shows up live (no reload); the latest reply in the
// dispatched table; a CSV export; editors are sent to not-authorized; Arabic right to left; axe
// light and dark. Each test has its own workspace (their language and theme are saved to the user).

async function tokenHeaders(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function sandboxOf(request: APIRequestContext, headers: Record<string, string>): Promise<Network> {
  const response = await request.get('/api/networks', { headers });
  const { networks } = (await response.json()) as { networks: Network[] };
  const sandbox = networks.find((network) => network.kind === 'sandbox');
  expect(sandbox, 'every new workspace has a sandbox network').toBeTruthy();
  return sandbox!;
}

/**
 * Signs the page up as the admin of a new workspace (tests that change preferences never use the
 * shared demo accounts) and gives it traffic: two texts from the sandbox phone and one reply.
 */
async function workspaceWithTraffic(page: Page, request: APIRequestContext) {
  const { email, password } = await signUpFresh(page, 'Panel Tester');
  const headers = await tokenHeaders(request, email, password);
  const sandbox = await sandboxOf(request, headers);
  const number = virtualPhoneNumber();
  const phone = virtualPhone(request, headers, sandbox, number);
  await phone.text('Is the shop open on Sunday?');
  await phone.text('And on Monday?');
  const list = await request.get('/api/conversations', { headers });
  const [conversation] = ((await list.json()) as ConversationListResponse).conversations;
  const reply = await request.post(`/api/conversations/${conversation!.id}/messages`, {
    headers,
    data: { body: 'Yes, 10 to 4 on both days.' },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return { headers, sandbox, number, phone };
}

/** Text as the page shows it, without the direction isolates around numbers and dates. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** A card's value as shown. */
async function cardValue(page: Page, name: string): Promise<string> {
  return plain(await page.getByTestId(`kpi-${name}`).getByTestId('kpi-value').textContent());
}

/** Every panel of the page has its answer (no loader left). */
async function expectLoaded(page: Page) {
  await expect(page.getByTestId('kpi-value')).toHaveCount(CARD_NAMES.length);
  await expect(page.getByTestId('analytics-page').locator('.mantine-Loader-root')).toHaveCount(0);
}

/** Every card's value equals the server's §7 card answer for the same range, formatted as the page does. */
async function expectCardsMatchServer(page: Page, request: APIRequestContext, headers: Record<string, string>) {
  await expect(page.getByTestId('kpi-value')).toHaveCount(CARD_NAMES.length);
  for (const name of CARD_NAMES) {
    const response = await request.get(`/api/card/card-statistics/${name}?preset=7d`, { headers });
    expect(response.status()).toBe(200);
    const { kpi } = (await response.json()) as CardStatistics;
    await expect.poll(() => cardValue(page, name), { message: name }).toBe(formatCardValue(name, kpi.value));
  }
}

test('a fresh workspace’s figures as the server counts them; a sandbox text updates the open page live', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { headers, sandbox, number, phone } = await workspaceWithTraffic(page, request);

  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Control Panel' })).toBeVisible();
  await expect.poll(() => cardValue(page, 'messages-received')).toBe('2');
  await expectCardsMatchServer(page, request, headers);
  await expect(page.getByTestId('analytics-time-zone')).toContainText('Days and times in');
  // The reply in the latest dispatched, the sandbox in the health strip, the month's usage.
  const dispatched = page.getByTestId('dispatched-orders');
  await expect(dispatched.locator('tr[data-kind="message"]').first()).toContainText(number);
  await expect(dispatched.locator('tr[data-kind="message"]').first()).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
  await expect(page.getByTestId('network-health-item').filter({ hasText: sandbox.name })).toBeVisible();
  await expect(page.getByTestId('analytics-usage').getByTestId('usage-bar')).toBeVisible();
  await expect(page.getByTestId('messages-chart').locator('.recharts-surface').first()).toBeVisible();

  // Live: another text arrives while the page is open; the figure follows without a reload.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await phone.text('Thanks!');
  await expect.poll(() => cardValue(page, 'messages-received')).toBe('3');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The messages series as CSV, downloaded with the session's token.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export messages per period as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await file.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.split('\n')[0]).toMatch(/inbound/i);

  // A preset range: today's figures, the range in the address.
  await page.getByTestId('analytics-range').getByText('Today').click();
  await expect(page).toHaveURL(/preset=today/);
  await expect.poll(() => cardValue(page, 'messages-received')).toBe('3');

  // A custom range starts from the range on screen, in the address; a reversed one is refused.
  // The page shows the previous range until today's answer is in: wait for a range of one day.
  await expect(page.getByTestId('analytics-range-shown')).toHaveText(/(\d\d\/\d\d\/\d{4}).*–.*\1/);
  await page.getByTestId('analytics-range').getByText('Custom').click();
  const from = page.getByRole('textbox', { name: 'From' }).or(page.getByLabel('From'));
  const today = await from.inputValue();
  expect(today).toMatch(/^\d{4}-\d\d-\d\d$/);
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await from.fill('2099-01-01');
  await expect(page.getByText('The first day must not be after the last.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect.poll(() => cardValue(page, 'messages-received')).toBe('3');
});

test('an editor is sent to not-authorized, and the API refuses them', async ({ page, request }) => {
  await signIn(page, { email: DEMO_EDITOR });
  await page.goto('/dashboard/analytics');
  await expect(page).toHaveURL('/pages/not-authorized');
  const headers = await tokenHeaders(request, DEMO_EDITOR, DEMO_PASSWORD);
  expect((await request.get('/api/analytics/overview', { headers })).status()).toBe(403);
});

test('Arabic: the control panel reads right to left, its charts left to right', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() =>
    localStorage.setItem('switchboard.preferences', JSON.stringify({ language: 'ar' })),
  );
  const page = await context.newPage();
  await workspaceWithTraffic(page, page.request);
  await page.goto('/dashboard/analytics');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeVisible();
  await expect(page.getByTestId('kpi-messages-received')).toContainText('الرسائل المستلمة');
  await expectLoaded(page);
  // The cards run from the right; a chart keeps its time axis left to right.
  const first = await page.getByTestId('kpi-messages-sent').boundingBox();
  const second = await page.getByTestId('kpi-messages-delivered').boundingBox();
  expect(first!.x).toBeGreaterThan(second!.x);
  const chart = page.getByTestId('messages-chart').locator('figure');
  if (await chart.count()) expect(await chart.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await page.screenshot({ path: test.info().outputPath('control-panel-ar.png'), fullPage: true });
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the control panel has no serious or critical accessibility violations (${theme})`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    await workspaceWithTraffic(page, page.request);
    await page.goto('/dashboard/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Control Panel' })).toBeVisible();
    await expectLoaded(page);
    await expect(page.getByTestId('dispatched-orders').getByRole('table')).toBeVisible();
    await expect(page.getByTestId('network-health-item').first()).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`control-panel-${theme}.png`), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
}
