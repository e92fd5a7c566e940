import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, collectProblems, signUpFresh, themedPage } from './support/shell';

// Outgoing webhooks on the developer page: an admin adds an endpoint pointing at a receiver this
// spec starts on 127.0.0.1 (the e2e server runs with ALLOW_INSECURE_WEBHOOKS=1), sees the signing
// secret once, sends a test event, sees it in the log as succeeded, and resends it; the receiver
// gets the same event twice, signed. The section and its log pass axe in both themes.

interface Received {
  signature: string;
  body: { id: string; type: string };
}

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    void readBody(request).then((text) => {
      received.push({
        signature: String(request.headers['switchboard-signature'] ?? ''),
        body: JSON.parse(text) as Received['body'],
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** Adds an endpoint through the dialog; leaves the secret dialog open and returns it. */
async function addEndpoint(page: Page, url: string, events: string[]) {
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await dialog.getByLabel('URL').fill(url);
  for (const event of events)
    await dialog.getByRole('checkbox', { name: new RegExp(event.replace('.', '\\.')) }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const shown = page.getByRole('dialog', { name: 'Your signing secret' });
  await expect(shown.locator('pre')).toHaveText(/^whsec_\S{20,}$/);
  return shown;
}

test('an admin adds an endpoint, sends a test event, sees it succeed in the log, and resends it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await signUpFresh(page, 'Webhook Tester');
  await page.goto('/views/developers');
  await expect(page.getByText('No endpoints yet', { exact: false })).toBeVisible();

  const shown = await addEndpoint(page, receiverUrl, ['message.received', 'contact.opted_out']);
  const secret = (await shown.locator('pre').textContent())?.trim() ?? '';
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const endpoint = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem');
  await expect(endpoint.getByText(receiverUrl)).toBeVisible();
  await expect(endpoint.getByText('contact.opted_out')).toBeVisible();
  await expect(endpoint.getByText('Enabled')).toBeVisible();

  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  const deliveries = log.getByRole('list', { name: 'Delivery log' }).locator('> li');
  await expect(deliveries).toHaveCount(1);
  // The log is read again every 2 s while a delivery is under way.
  await expect(deliveries.first().getByText('Succeeded')).toBeVisible();
  await expect(deliveries.first().getByText('HTTP 200')).toBeVisible();
  await expect(deliveries.first().getByText('received by the e2e receiver')).toBeVisible();
  expect(received).toHaveLength(1);
  expect(received[0]!.body.type).toBe('webhook.test');
  expect(received[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

  await deliveries
    .first()
    .getByRole('button', { name: /^Resend webhook\.test/ })
    .click();
  await expect(deliveries).toHaveCount(2);
  await expect(deliveries.getByText('Succeeded')).toHaveCount(2);
  await expect.poll(() => received.length).toBe(2);
  // A resend is the same event (its id is the receiver's de-duplication key) as a new delivery.
  expect(received[1]!.body.id).toBe(received[0]!.body.id);
  expect(problems).toEqual([]);
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the webhooks section, its dialogs and its log pass axe in the ${theme} theme`, async ({ browser, baseURL }) => {
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    await signUpFresh(page, `Webhooks ${theme}`);
    await page.goto('/views/developers');
    await expect(page.getByText('No endpoints yet', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
    expect(await blockingViolations(page), 'add dialog with errors').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const shown = await addEndpoint(page, receiverUrl, ['message.delivered']);
    expect(await blockingViolations(page), 'the secret shown once').toEqual([]);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByRole('list', { name: 'Webhook endpoints' })).toBeVisible();
    expect(await blockingViolations(page), 'developer page with an endpoint').toEqual([]);

    await page.getByRole('button', { name: 'Send test event' }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await expect(log.getByText('Succeeded')).toBeVisible();
    expect(await blockingViolations(page), 'delivery log').toEqual([]);
    await log.getByRole('button', { name: 'Close' }).click();

    // A refused connection: the failure's texts and badges in this theme.
    const refused = 'http://127.0.0.1:9/nobody-listens';
    await (
      await addEndpoint(page, refused, ['message.failed'])
    )
      .getByRole('button', { name: 'I have copied it' })
      .click();
    const failing = page.getByRole('listitem').filter({ hasText: refused });
    await failing.getByRole('button', { name: 'Send test event' }).click();
    await expect(log.getByText('No answer')).toBeVisible();
    await expect(failing.getByText(/Failing since/)).toBeAttached();
    expect(await blockingViolations(page), 'delivery log with a failed try').toEqual([]);
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(failing.getByText(/Failing since/)).toBeVisible();
    expect(await blockingViolations(page), 'a failing endpoint').toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
}
