import { expect, test } from '@playwright/test';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';

// /downloads (a visitor's page) and the Android pairing's QR codes in the "Add New Network"
// wizard pass axe (no serious or critical violations) in the light and the dark theme, without
// console errors or failed requests.
for (const theme of ['light', 'dark'] as const) {
  test(`/downloads and the Android pairing's QR codes pass axe in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);

    await page.goto('/downloads');
    const setup = page.getByRole('region', { name: 'Connect a phone to this server' });
    // This server's own mobile API, ready to type into the app.
    await expect(setup.getByText(`${baseURL}/api/mobile/v1`, { exact: true })).toBeVisible();
    await expect(page.getByText(`new Client(login, password, httpClient, '${baseURL}/api/3rdparty/v1')`)).toBeVisible();
    await expect(page.getByRole('link', { name: /Download from GitHub/ })).toHaveAttribute(
      'href',
      'https://github.com/capcom6/android-sms-gateway/releases',
    );
    expect(await blockingViolations(page), '/downloads').toEqual([]);

    // A new workspace's admin adds an Android phone: the saved step shows the QR codes.
    await signUpFresh(page, 'Downloads Tester');
    await page.goto('/views/networks');
    await page.getByRole('button', { name: 'Add New Network' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Add New Network' });
    await wizard.getByRole('radio', { name: /^Android phone/ }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Name').fill(`QR phone ${theme}`);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Save network' }).click();
    await expect(wizard.getByRole('img', { name: 'QR code: API URL' })).toBeVisible();
    await expect(wizard.getByRole('img', { name: 'QR code: Private token' })).toBeVisible();
    expect(await blockingViolations(page), 'Android pairing with QR codes').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
