import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Campaign, Network } from '@switchboard/contract';
import { DEMO_ADMIN, DEMO_EDITOR, DEMO_PASSWORD, signIn } from './support/auth';
import { signInByApi, signUpFresh } from './support/shell';
import { virtualPhone } from './support/virtual-phone';

/** An access token, for setting the stage through the API (not through the page). */
async function tokenHeaders(request: APIRequestContext, email = DEMO_ADMIN, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function sandboxOf(request: APIRequestContext, headers: Record<string, string>): Promise<Network> {
  const response = await request.get('/api/networks', { headers });
  const { networks } = (await response.json()) as { networks: Network[] };
  const sandbox = networks.find((network) => network.kind === 'sandbox');
  expect(sandbox, 'every workspace starts with a sandbox network').toBeTruthy();
  return sandbox!;
}

/** Three fictional numbers no other test of the run uses (555-2000…2999), and a list holding them. */
async function listOfThree(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const base = 2000 + Math.floor(Math.random() * 330) * 3;
  const numbers = [0, 1, 2].map((i) => `+1202555${base + i}`);
  const list = await request.post('/api/contact-lists', { headers, data: { name } });
  expect(list.status(), await list.text()).toBe(201);
  const listId = ((await list.json()) as { list: { id: string } }).list.id;
  const names = ['Ada', 'Grace', null];
  for (const [i, phoneNumber] of numbers.entries()) {
    const created = await request.post('/api/contacts', {
      headers,
      data: { phoneNumber, ...(names[i] ? { name: names[i] } : {}), listIds: [listId] },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  return { listId, numbers };
}

test.describe('campaigns', () => {
  test('a personalised campaign to a list of three reaches the virtual phones live, and a STOP counts as its opt-out', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers = await tokenHeaders(request);
    const sandbox = await sandboxOf(request, headers);
    const listName = `Campaign trio ${Date.now()}`;
    const { numbers } = await listOfThree(request, headers, listName);
    const campaignName = `Spring ${Date.now()}`;

    await signIn(page, { to: '/views/campaigns' });
    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(campaignName);
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(/\/views\/campaigns\/[0-9a-f-]{36}/);
    await expect(page.getByRole('textbox', { name: /Campaign name/ })).toHaveValue(campaignName);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: new RegExp(sandbox.name) }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Lists', exact: true }).click();
    await page.getByRole('option', { name: `${listName} (3)` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next' }).click();

    const text = page.getByRole('textbox', { name: 'Text' });
    await text.fill('Hi {name|there}, the spring sale starts today!');
    await expect(page.getByTestId('campaign-preview')).toContainText('Hi there, the spring sale starts today!');
    await expect(page.getByTestId('campaign-body-encoding')).toHaveText('GSM-7');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // The review is the server's, from the draft as saved.
    await expect(page.getByTestId('review-recipients')).toHaveText('3');
    await expect(page.getByTestId('review-segments')).toHaveText('3');
    await page.getByRole('button', { name: 'Start campaign' }).click();

    // The report: live to completed, every one delivered.
    await expect(page.getByTestId('campaign-state')).toHaveText('Completed', { timeout: 45_000 });
    await expect(page.getByTestId('count-delivered')).toHaveText('3', { timeout: 30_000 });
    await expect(page.getByTestId('recipient-row')).toHaveCount(3);

    const expected = [
      'Hi Ada, the spring sale starts today!',
      'Hi Grace, the spring sale starts today!',
      'Hi there, the spring sale starts today!',
    ];
    for (const [i, number] of numbers.entries()) {
      const phone = virtualPhone(request, headers, sandbox, number);
      await expect
        .poll(async () => (await phone.thread()).filter((m) => m.direction === 'out').map((m) => m.body))
        .toEqual([expected[i]]);
    }

    // A STOP reply from Grace: the campaign's opt-out, on the open report without a reload.
    await virtualPhone(request, headers, sandbox, numbers[1]!).text('STOP');
    await expect(page.getByTestId('count-optedOut')).toHaveText('1', { timeout: 20_000 });
    await expect(
      page.getByTestId('recipient-row').filter({ hasText: 'Grace' }).getByTestId('recipient-opted-out'),
    ).toBeVisible();

    // The list shows it with its delivery and opt-out rates.
    await page.goto('/views/campaigns');
    const row = page.getByTestId('campaign-row').filter({ hasText: campaignName });
    await expect(row).toContainText('Completed');
    await expect(row).toContainText('100%');
    await expect(row).toContainText('33.3%');
  });

  test('a workspace at its quota is told why the campaign cannot start before starting it', async ({ page }) => {
    test.setTimeout(120_000);
    // A new workspace is on Starter (1,000 segments a month): use it up with long UCS-2 texts.
    const { email, password } = await signUpFresh(page, 'Quota Tester');
    const headers = await tokenHeaders(page.request, email, password);
    const sandbox = await sandboxOf(page.request, headers);
    const { listId } = await listOfThree(page.request, headers, 'Quota trio');
    const long = '中'.repeat(1600); // 24 UCS-2 parts
    for (let i = 0; i < 50; i += 1) {
      const sent = await page.request.post('/api/messages', {
        headers,
        data: { networkId: sandbox.id, to: `+120255539${String(i).padStart(2, '0')}`, body: long },
      });
      if (sent.status() === 402) break;
      expect(sent.status(), await sent.text()).toBe(201);
    }
    // 10 GSM-7 parts each for three recipients: more than the fewer than 24 left.
    const created = await page.request.post('/api/campaigns', {
      headers,
      data: {
        name: 'Too big',
        networkIds: [sandbox.id],
        audience: { listIds: [listId] },
        body: `Hi {name|there} ${'x'.repeat(1500)}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { campaign } = (await created.json()) as { campaign: Campaign };

    await signInByApi(page, email, password);
    await page.goto(`/views/campaigns/${campaign.id}?step=review`);
    await expect(page.getByTestId('review-recipients')).toHaveText('3');
    const problems = page.getByTestId('review-problems');
    await expect(problems).toContainText(/It needs 30 SMS parts but only \d+ are left this month/);
    await expect(page.getByRole('button', { name: 'Start campaign' })).toBeDisabled();
    await expect(page.getByText('Solve the problems above to start.')).toBeVisible();
    // The review's usage bar adds the campaign's parts to what is used: past the quota.
    await expect(page.getByTestId('usage-bar').last()).toHaveAttribute('data-level', 'danger');

    // The server refuses it too, nothing queued: not ready (the review's problems) or the quota's 402.
    const start = await page.request.post(`/api/campaigns/${campaign.id}/start`, { headers });
    expect([402, 409]).toContain(start.status());
    if (start.status() === 402) expect(await start.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', needed: 30 });
  });

  test('an editor gets the not-authorized page for campaigns, and the API refuses them', async ({ page, request }) => {
    await signIn(page, { email: DEMO_EDITOR, to: '/views/campaigns' });
    await expect(page).toHaveURL('/pages/not-authorized');
    await page.goto('/views/campaigns/00000000-0000-4000-8000-000000000001');
    await expect(page).toHaveURL('/pages/not-authorized');
    const headers = await tokenHeaders(request, DEMO_EDITOR);
    expect((await request.get('/api/campaigns', { headers })).status()).toBe(403);
  });

  test('a campaign scheduled for a time in a chosen zone waits, and goes back to a draft', async ({
    page,
    request,
  }) => {
    const headers = await tokenHeaders(request);
    const sandbox = await sandboxOf(request, headers);
    const { listId } = await listOfThree(request, headers, `Scheduled trio ${Date.now()}`);
    const created = await request.post('/api/campaigns', {
      headers,
      data: {
        name: `Later ${Date.now()}`,
        networkIds: [sandbox.id],
        audience: { listIds: [listId] },
        body: 'Hi {name|there}!',
      },
    });
    const { campaign } = (await created.json()) as { campaign: Campaign };

    await signIn(page, { to: `/views/campaigns/${campaign.id}?step=schedule` });
    await page.getByText('At a date and time').click();
    await page.getByRole('textbox', { name: 'Date' }).fill('2030-01-15');
    await page.getByRole('textbox', { name: 'Time', exact: true }).fill('09:30');
    await page.getByRole('textbox', { name: 'Time zone' }).fill('Europe/Berlin');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    // 09:30 in Berlin in January is 08:30 UTC, saved with the draft.
    await expect
      .poll(async () => {
        const response = await request.get(`/api/campaigns/${campaign.id}`, { headers });
        return ((await response.json()) as { campaign: Campaign }).campaign.schedule;
      })
      .toEqual({ sendAt: '2030-01-15T08:30:00.000Z', timeZone: 'Europe/Berlin' });

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: /^Schedule for / }).click();
    await expect(page.getByTestId('campaign-state')).toHaveText('Scheduled');
    await expect(page.getByTestId('count-queued')).toHaveText('0');
    await page.getByRole('button', { name: 'Back to draft' }).click();
    // The wizard again, on its review: the schedule kept, to be started again.
    await expect(page.getByRole('button', { name: /^Schedule for / })).toBeVisible();
    await expect(page.getByTestId('campaign-state')).toHaveText('Draft');
  });
});
