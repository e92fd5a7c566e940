import { expect, test } from '@playwright/test';
import type { Campaign, Network } from '@switchboard/contract';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';

// The campaign screens pass axe (no serious or critical violations) in the light and the dark
// theme: the list (empty, then with a draft and a finished campaign), the wizard's steps and the
// report with its counts, chart and recipients; without console errors or failed requests.
for (const theme of ['light', 'dark'] as const) {
  test(`the campaign screens pass axe in the ${theme} theme, without console errors`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    const { email, password } = await signUpFresh(page, 'Campaigns Tester');
    const login = await page.request.post('/api/auth/login', { data: { email, password } });
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };

    await page.goto('/views/campaigns');
    await expect(page.getByText('No campaigns yet.', { exact: false })).toBeVisible();
    expect(await blockingViolations(page), 'empty list').toEqual([]);

    // A list of two sandbox numbers and a campaign to it, sent; and a draft.
    const networks = (await (await page.request.get('/api/networks', { headers })).json()) as { networks: Network[] };
    const sandbox = networks.networks.find((network) => network.kind === 'sandbox')!;
    const list = await page.request.post('/api/contact-lists', { headers, data: { name: 'Regulars' } });
    const listId = ((await list.json()) as { list: { id: string } }).list.id;
    for (const [i, name] of ['Maria Lopez', 'Jonas Weber'].entries()) {
      const created = await page.request.post('/api/contacts', {
        headers,
        data: { phoneNumber: `+1202555${3100 + i}`, name, listIds: [listId] },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    const make = async (name: string) => {
      const created = await page.request.post('/api/campaigns', {
        headers,
        data: {
          name,
          networkIds: [sandbox.id],
          audience: { listIds: [listId] },
          body: 'Hi {name|there}, see you soon!',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { campaign: Campaign }).campaign;
    };
    const sent = await make('Welcome');
    const draft = await make('Autumn news');
    const started = await page.request.post(`/api/campaigns/${sent.id}/start`, { headers });
    expect(started.status(), await started.text()).toBe(200);

    await page.reload();
    await expect(page.getByTestId('campaign-row')).toHaveCount(2);
    expect(await blockingViolations(page), 'list').toEqual([]);

    for (const step of ['name', 'networks', 'audience', 'message', 'schedule', 'review']) {
      await page.goto(`/views/campaigns/${draft.id}?step=${step}`);
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      if (step === 'review') await expect(page.getByTestId('review-recipients')).toHaveText('2');
      if (step === 'message') await expect(page.getByTestId('campaign-preview')).toContainText('Hi there');
      expect(await blockingViolations(page), `wizard ${step}`).toEqual([]);
    }

    await page.goto(`/views/campaigns/${sent.id}`);
    await expect(page.getByTestId('campaign-state')).toHaveText('Completed', { timeout: 45_000 });
    await expect(page.getByTestId('recipient-row')).toHaveCount(2);
    expect(await blockingViolations(page), 'report').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
