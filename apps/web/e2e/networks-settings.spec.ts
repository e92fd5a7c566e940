import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Network, NetworkResponse } from '@switchboard/contract';
import { DEMO_ADMIN, DEMO_PASSWORD, signIn } from './support/auth';

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: DEMO_ADMIN, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** An HTTP (Twilio-compatible) network of the demo workspace, created through the API. */
async function createHttpNetwork(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const response = await request.post('/api/networks', {
    headers,
    data: {
      kind: 'http',
      name,
      address: '+14155550123',
      throughput: 1,
      settings: { accountSid: 'AC00000000000000000000000000000000', authToken: 'e2e-auth-token' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as NetworkResponse).network;
}

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('network settings', () => {
  test('rename, disable, read the rejected webhook in the log, delete with a warning about its messages', async ({
    page,
    request,
  }) => {
    const headers = await adminHeaders(request);
    const name = `Twilio e2e ${Date.now()}`;
    const renamed = `${name} (renamed)`;
    const network = await createHttpNetwork(request, headers, name);
    // A webhook without the provider's signature: refused, and logged on the network.
    const hook = await request.post(`/hooks/twilio/${network.id}/sms`, {
      form: { From: '+14155550999', Body: 'Hi', MessageSid: 'SM00000000000000000000000000000001' },
    });
    expect(hook.status()).toBe(403);

    await signIn(page, { to: `/network-settings?id=${network.id}` });
    await expect(page.getByLabel('Name')).toHaveValue(name);
    // The page fits the window: its panels scroll inside.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    // The provider's webhooks, to copy into its console; the stored token stays masked.
    await expect(page.getByRole('button', { name: 'Copy: A message comes in (HTTP POST)' })).toBeVisible();
    const { smsWebhookUrl } = network.settings as { smsWebhookUrl: string };
    await expect(page.getByText(smsWebhookUrl, { exact: true })).toBeVisible();
    await expect(page.getByText(/Stored: •+oken/)).toBeVisible();

    // Rename.
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Network' })).toHaveValue(renamed);

    // Disable: the network then shows as disabled and cannot send a test message.
    await page.getByRole('switch', { name: 'Enabled' }).click();
    await expect(page.getByText(`${renamed} is disabled`, { exact: false })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Send test message' })).toBeDisabled();

    // The log: the rejected webhook, its details on demand.
    const log = page.getByRole('table', { name: 'Log' });
    await expect(log).toContainText('Webhook rejected');
    await log.getByRole('button', { name: 'Show details' }).first().click();
    await expect(log.locator('pre').first()).toContainText(`/hooks/twilio/${network.id}/sms`);

    // Delete: the confirmation says the conversations and messages go too.
    await page.getByRole('button', { name: 'Delete network' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${renamed}?` });
    await expect(confirm).toContainText('all its conversations and all their messages');
    await confirm.getByRole('button', { name: 'Delete network, conversations and messages' }).click();
    await expect(page).toHaveURL(/\/views\/networks$/);
    await expect(page.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
    expect((await request.get(`/api/networks/${network.id}`, { headers })).status()).toBe(404);
  });

  test('a test message through the sandbox shows its state live until delivered', async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const { networks } = (await (await request.get('/api/networks', { headers })).json()) as { networks: Network[] };
    const sandbox = networks.find((network) => network.kind === 'sandbox' && network.name === 'Sandbox')!;

    await signIn(page, { to: `/network-settings?id=${sandbox.id}` });
    await page.getByRole('textbox', { name: 'To' }).fill(`+12025550${101 + Math.floor(Math.random() * 99)}`);
    await page.getByRole('button', { name: 'Send test message' }).click();
    await expect(page.getByText('Test message sent')).toBeVisible();
    await expect(page.getByTestId('test-message-state')).toHaveText('Delivered');
  });

  test('without an id the page asks which network to show', async ({ page }) => {
    await signIn(page, { to: '/network-settings' });
    await expect(page.getByRole('heading', { name: 'Choose a network' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Network' }).click();
    await page.getByRole('option', { name: /^Sandbox/ }).click();
    await expect(page).toHaveURL(/\/network-settings\?id=/);
    await expect(page.getByLabel('Name')).toHaveValue('Sandbox');
  });
});
