import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Network } from '@switchboard/contract';
import { DEMO_ADMIN, DEMO_PASSWORD, signIn } from './support/auth';

/** An access token of the demo admin, for setting the stage through the API (not through the page). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: DEMO_ADMIN, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function demoSandbox(request: APIRequestContext, headers: Record<string, string>): Promise<Network> {
  const response = await request.get('/api/networks', { headers });
  const { networks } = (await response.json()) as { networks: Network[] };
  const sandbox = networks.find((network) => network.kind === 'sandbox' && network.name === 'Sandbox');
  expect(sandbox, 'the demo seed has a sandbox network named "Sandbox"').toBeTruthy();
  return sandbox!;
}

/** A fictional number (555-0101…0199) that earlier runs on the same database are unlikely to have used. */
function virtualPhoneNumber(): string {
  return `+12025550${101 + Math.floor(Math.random() * 99)}`;
}

async function openWizard(page: Page) {
  await page.goto('/views/networks');
  await page.getByRole('button', { name: 'Add New Network' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Add New Network' });
  await expect(wizard).toBeVisible();
  return wizard;
}

test.describe('networks', () => {
  test('lists the workspace’s networks with the demo sandbox connected', async ({ page }) => {
    await signIn(page, { to: '/views/networks' });
    const table = page.getByRole('table', { name: 'Networks' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sandbox', exact: true }) });
    await expect(row).toContainText('Connected');
    await expect(row).toContainText('+12025550100');
    await expect(row.getByRole('switch', { name: 'Enabled: Sandbox' })).toBeChecked();
    await expect(row.getByRole('button', { name: 'Virtual phone of Sandbox' })).toBeVisible();
  });

  test('the virtual phone texts the workspace and shows the reply as delivered', async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const sandbox = await demoSandbox(request, headers);
    const number = virtualPhoneNumber();
    const question = `Are you open on Sunday? (${Date.now()})`;
    const reply = `Yes, from 10:00 to 16:00. (${Date.now()})`;

    await signIn(page, { to: '/views/networks' });
    await page.getByRole('button', { name: 'Virtual phone of Sandbox' }).click();
    const phone = page.getByRole('dialog', { name: /^Virtual phone/ });
    await phone.getByRole('textbox', { name: 'This phone’s number' }).fill(number);
    await phone.getByRole('textbox', { name: 'Text message' }).fill(question);
    await phone.getByRole('textbox', { name: 'Text message' }).press('Enter');
    const thread = phone.getByRole('log');
    await expect(thread).toContainText(question);

    // The workspace answers (as a person would from the inbox): the phone shows it arrive, then delivered.
    const sent = await request.post('/api/messages', {
      headers,
      data: { networkId: sandbox.id, to: number, body: reply },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const answer = thread.getByTestId('phone-message').filter({ hasText: reply });
    await expect(answer).toBeVisible();
    await expect(answer.getByTestId('message-state')).toHaveAttribute('data-state', 'delivered');
    await expect(answer).toContainText('Delivered');

    // The same thread after a reload: it is the server's, not the page's.
    await page.reload();
    await page.getByRole('textbox', { name: 'This phone’s number' }).fill(number);
    await expect(page.getByRole('log')).toContainText(reply);
  });

  test('an SMPP network whose centre cannot be reached shows the error at the connection step', async ({ page }) => {
    await signIn(page, { to: '/views/networks' });
    const wizard = await openWizard(page);
    await wizard.getByRole('radio', { name: /^SMPP/ }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();

    // The contract's schema checks the form before anything is sent.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Please fill this in.').first()).toBeVisible();

    await wizard.getByLabel('Name').fill('Operator bind (unreachable)');
    await wizard.getByLabel('Number or sender id').fill('+14155550188');
    await wizard.getByLabel('Host').fill('smsc.invalid');
    await wizard.getByLabel('System id').fill('switch');
    await wizard.getByLabel('Password').fill('secret');
    await wizard.getByRole('button', { name: 'Next' }).click();

    const failure = wizard.getByRole('alert');
    await expect(failure).toContainText('The connection failed', { timeout: 20_000 });
    await expect(failure).toContainText('smsc.invalid:2775');
    await expect(wizard.getByTestId('connection-error')).not.toBeEmpty();
    await expect(wizard.getByRole('button', { name: 'Test again' })).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Save anyway' })).toBeVisible();

    // Back to the details, which are kept.
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByLabel('Host')).toHaveValue('smsc.invalid');
  });

  test('an Android network shows the server URL and the token once, then the phone pairing live', async ({
    page,
    request,
  }) => {
    const name = `Front desk phone ${Date.now()}`;
    await signIn(page, { to: '/views/networks' });
    const wizard = await openWizard(page);
    await wizard.getByRole('radio', { name: /^Android phone/ }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Name').fill(name);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard).toContainText('The phone connects after you save');
    await wizard.getByRole('button', { name: 'Save network' }).click();

    await expect(wizard.getByRole('heading', { name: 'Connect your Android phone' })).toBeVisible();
    await expect(wizard.getByText('API URL', { exact: true })).toBeVisible();
    await expect(wizard.getByText(/\/api\/mobile\/v1$/)).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Copy: API URL' })).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Copy: Private token' })).toBeVisible();
    await expect(wizard.getByText('The token is shown only now.', { exact: false })).toBeVisible();
    // The e2e server is reached over http: the app would refuse it, and the page says so.
    await expect(wizard.getByText('This server is not reached over HTTPS')).toBeVisible();
    await expect(wizard.getByRole('status').filter({ hasText: 'Waiting for your phone to connect…' })).toBeVisible();

    // The phone registers with that token (as the SMSGate app does): the wizard sees it live.
    const [serverUrl, token] = await wizard.locator('pre').allTextContents();
    const registered = await request.post(`${new URL(serverUrl!).pathname}/device`, {
      headers: { authorization: `Bearer ${token!.trim()}` },
      data: { name: 'samsung/a52qnsxx', simCards: [{ slotIndex: 0, simNumber: 1, phoneNumber: '********1234' }] },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await expect(wizard.getByRole('status').filter({ hasText: 'Your phone is connected' })).toBeVisible();
    await expect(wizard).toContainText('samsung/a52qnsxx is registered');

    await wizard.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

    const headers = await adminHeaders(request);
    const { networks } = (await (await request.get('/api/networks', { headers })).json()) as { networks: Network[] };
    const created = networks.find((network) => network.name === name);
    expect(created?.kind).toBe('android');
    await request.delete(`/api/networks/${created!.id}`, { headers });
  });
});
