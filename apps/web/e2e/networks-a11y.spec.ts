import { expect, test } from '@playwright/test';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';

// The networks screens pass axe (no serious or critical violations) in the light and the dark
// theme, with the wizard and the virtual phone open, without console errors or failed requests.
for (const theme of ['light', 'dark'] as const) {
  test(`the networks screens pass axe in the ${theme} theme, without console errors`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    // A new workspace: its admin starts with a connected sandbox.
    await signUpFresh(page, 'Networks Tester');

    await page.goto('/views/networks');
    const sandboxLink = page.getByRole('link', { name: 'Sandbox', exact: true });
    await expect(sandboxLink).toBeVisible();
    expect(await blockingViolations(page), '/views/networks').toEqual([]);

    await page.getByRole('button', { name: 'Add New Network' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Add New Network' });
    await wizard.getByRole('radio', { name: /^HTTP provider/ }).click();
    expect(await blockingViolations(page), 'wizard, kind').toEqual([]);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByLabel('Account SID')).toBeVisible();
    expect(await blockingViolations(page), 'wizard, details').toEqual([]);
    await wizard.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Virtual phone of Sandbox' }).click();
    const phone = page.getByRole('dialog', { name: /^Virtual phone/ });
    await phone.getByRole('textbox', { name: 'Text message' }).fill('Hello from the a11y test');
    await phone.getByRole('button', { name: 'Send' }).click();
    await expect(phone.getByRole('log')).toContainText('Hello from the a11y test');
    expect(await blockingViolations(page), 'virtual phone').toEqual([]);
    await phone.getByRole('button', { name: 'Close' }).click();

    await sandboxLink.click();
    await expect(page).toHaveURL(/\/network-settings\?id=/);
    await expect(page.getByLabel('Name')).toHaveValue('Sandbox');
    expect(await blockingViolations(page), '/network-settings').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
