import { expect, test } from '@playwright/test';
import type { Network } from '@switchboard/contract';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';

// The SMS inbox passes axe (no serious or critical violations) in the light and the dark theme:
// empty, with a thread and the contact panel open, with the opt-out confirmation, the filters
// and the opt-out replies open; without console errors or failed requests.
for (const theme of ['light', 'dark'] as const) {
  test(`the SMS inbox passes axe in the ${theme} theme, without console errors`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    // A new workspace: its admin starts with a connected sandbox and no conversations.
    const { email, password } = await signUpFresh(page, 'Inbox Tester');
    const login = await page.request.post('/api/auth/login', { data: { email, password } });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };

    await page.goto('/views/conversations');
    await expect(page.getByText('No conversations yet')).toBeVisible();
    expect(await blockingViolations(page), 'empty inbox').toEqual([]);

    const { networks } = (await (await page.request.get('/api/networks', { headers })).json()) as {
      networks: Network[];
    };
    const sandbox = networks.find((network) => network.kind === 'sandbox')!;
    const texted = await page.request.post(`/api/networks/${sandbox.id}/sandbox/messages`, {
      headers,
      data: { from: '+12025550123', body: 'Is the shop open on Sunday?' },
    });
    expect(texted.status()).toBe(201);
    const row = page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button')
      .filter({ hasText: '+12025550123' });
    await row.click();
    await expect(page.getByRole('log', { name: 'Messages with +12025550123' })).toContainText('Is the shop open');
    const composer = page.getByRole('textbox', { name: 'Reply' });
    await composer.fill('Yes, from 10 to 4.');
    await composer.press('Enter');
    await expect(page.getByTestId('message-state')).toHaveAttribute('data-state', 'delivered', { timeout: 15_000 });
    await composer.fill('See you “soon” — bring the receipt…');
    await expect(page.getByTestId('ucs2-warning')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Contact' })).toBeVisible();
    expect(await blockingViolations(page), 'thread and contact panel').toEqual([]);

    await page.getByRole('button', { name: 'Opt out' }).click();
    await expect(page.getByRole('dialog', { name: 'Opt this contact out?' })).toBeVisible();
    expect(await blockingViolations(page), 'opt-out confirmation').toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByLabel('Unread only')).toBeVisible();
    expect(await blockingViolations(page), 'filters').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Opt-out replies' }).click();
    const drawer = page.getByRole('dialog', { name: 'Opt-out replies' });
    await expect(drawer.getByLabel(/Reply to STOP/)).toBeVisible();
    expect(await blockingViolations(page), 'opt-out replies').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
