import { expect, test } from '@playwright/test';
import { blockingViolations, collectProblems, openCustomizer, signUpFresh } from './support/shell';

const BODY_CLASS = { light: /^(?!.*dark-layout).*$/, dark: /(^|\s)dark-layout(\s|$)/, 'semi-dark': /semi-dark-layout/ };

// The shell's pages pass axe (no serious or critical violations) in the light and the dark theme
// (and semi-dark, whose dark menu sits in a light page), without console errors or failed requests.
for (const theme of ['light', 'dark', 'semi-dark'] as const) {
  test(`home, shop and the open customizer pass axe in the ${theme} theme, without console errors`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // AxeBuilder needs a page of a context made here; reduced motion: no mid-transition contrast.
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    await context.addInitScript((chosen) => {
      if (!localStorage.getItem('switchboard.preferences')) {
        localStorage.setItem('switchboard.preferences', JSON.stringify({ theme: chosen }));
      }
    }, theme);
    const page = await context.newPage();
    const problems = collectProblems(page);

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(await blockingViolations(page), 'anonymous /home').toEqual([]);

    await signUpFresh(page);
    for (const path of ['/home', '/apps/eCommerce/shop']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await expect(page.locator('body')).toHaveClass(BODY_CLASS[theme]);
      expect(await blockingViolations(page), path).toEqual([]);
    }

    // On /apps/eCommerce/shop: its menu group (with the current entry), the user menu, the language menu.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Apps' }).click();
    await expect(page.getByRole('menuitem', { name: 'Shop' })).toBeVisible();
    expect(await blockingViolations(page), 'Apps menu').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    expect(await blockingViolations(page), 'user menu').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Language' }).click();
    await expect(page.getByRole('menuitem', { name: 'Deutsch' })).toBeVisible();
    expect(await blockingViolations(page), 'language menu').toEqual([]);
    await page.keyboard.press('Escape');

    await openCustomizer(page);
    expect(await blockingViolations(page), 'customizer').toEqual([]);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
    expect(await blockingViolations(page), 'search').toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeVisible();
    expect(await blockingViolations(page), 'menu drawer at 360 px').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
