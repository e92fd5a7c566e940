import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, collectProblems, signUpFresh, themedPage } from './support/shell';

// The developer page: an admin creates an API key (the secret shown once, copied), the key
// works on /api/v1, is revoked, and is refused from then on. The interactive reference at
// /api/docs loads from this origin without console errors and passes axe, and the page passes
// axe in the light and the dark theme.

/** Creates a key through the dialog and returns the secret it showed (the dialog stays open). */
async function createKey(page: Page, name: string, scopes: string[]) {
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill(name);
  for (const scope of scopes) await dialog.getByRole('checkbox', { name: new RegExp(scope) }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created.getByText('You won’t see it again', { exact: false })).toBeVisible();
  // The secret's block comes first; the key's SMSGate base URL, user name and password follow.
  const secret = (await created.locator('pre').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^sk_live_\S{20,}$/);
  return { created, secret };
}

test('an admin creates a key, copies it, uses it, revokes it, and the key is refused', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await signUpFresh(page, 'Developer Tester');

  await page.goto('/views/developers');
  await expect(page.getByText(`${baseURL}/api/v1`, { exact: true })).toBeVisible();
  await expect(page.getByText('No API keys yet', { exact: false })).toBeVisible();

  const { created, secret } = await createKey(page, 'E2E usage reader', ['usage:read']);
  await expect(created.getByText(`${baseURL}/api/3rdparty/v1`, { exact: true })).toBeVisible();
  const [username, password] = await Promise.all(
    [2, 3].map(async (nth) => (await created.locator('pre').nth(nth).textContent())?.trim() ?? ''),
  );
  const basic = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
  await created.getByRole('button', { name: 'Copy: Secret of “E2E usage reader”' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await created.getByRole('button', { name: 'I have copied it' }).click();
  await expect(created).toBeHidden();
  // Shown once: the page no longer has it.
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole('row', { name: /E2E usage reader/ });
  await expect(row.getByText('usage:read')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(page.getByText(/curl -s -X POST/)).toContainText(`Bearer ${secret.slice(0, 16)}…`);

  const headers = { authorization: `Bearer ${secret}` };
  const usage = await page.request.get('/api/v1/usage', { headers });
  expect(usage.status(), await usage.text()).toBe(200);
  const scoped = await page.request.get('/api/3rdparty/v1/messages', { headers: basic });
  expect(await scoped.json()).toMatchObject({ message: 'scope required: messages:list' });

  await row.getByRole('button', { name: 'Revoke key E2E usage reader' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “E2E usage reader”?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Revoked')).toBeVisible();
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await page.request.get('/api/v1/usage', { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'API_KEY_REVOKED' });
  // The key's SMSGate login went with it (it authenticated before: a missing scope, not a login, was refused).
  const smsgate = await page.request.get('/api/3rdparty/v1/messages', { headers: basic });
  expect(smsgate.status()).toBe(401);
  expect(await smsgate.json()).toMatchObject({ code: 'API_KEY_REVOKED' });
  expect(problems).toEqual([]);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`/api/docs renders the reference from this origin, with code samples, no console errors, and passes axe (${colorScheme})`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page, problems } = await themedPage(browser, baseURL, colorScheme);
    // Scalar follows the system's colour scheme.
    await page.emulateMedia({ colorScheme });
    const origin = new URL(baseURL!).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: 'Switchboard developer API' })).toBeVisible();
    // The generated samples: curl, JavaScript and Python among the first offered.
    const clients = page.getByRole('tablist').first();
    for (const language of ['Shell', 'JavaScript', 'Python']) {
      await expect(clients.getByRole('tab', { name: language })).toBeVisible();
    }
    await expect(page.getByText('/api/v1/messages', { exact: false }).first()).toBeVisible();
    expect(await blockingViolations(page), `/api/docs (${colorScheme})`).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`/views/developers and its dialogs pass axe in the ${theme} theme`, async ({ browser, baseURL }) => {
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    await signUpFresh(page, `Developer ${theme}`);
    await page.goto('/views/developers');
    await expect(page.getByText('No API keys yet', { exact: false })).toBeVisible();
    expect(await blockingViolations(page), 'empty developer page').toEqual([]);

    const { created } = await createKey(page, `Axe ${theme}`, ['messages:send', 'messages:read']);
    expect(await blockingViolations(page), 'the secret shown once').toEqual([]);
    await created.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`Axe ${theme}`) })).toBeVisible();
    expect(await blockingViolations(page), 'developer page with a key').toEqual([]);

    await page.getByRole('button', { name: `Revoke key Axe ${theme}` }).click();
    await expect(page.getByRole('dialog', { name: `Revoke “Axe ${theme}”?` })).toBeVisible();
    expect(await blockingViolations(page), 'revoke confirmation').toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
}
