import { expect, test } from '@playwright/test';
import { choose, openCustomizer, preferenceSaves, signInOnPage, signUpFresh } from './support/shell';

test('the theme sets the body class (none, dark-layout, semi-dark-layout) and survives a reload', async ({ page }) => {
  const body = page.locator('body');
  await page.goto('/home');
  await expect(body).not.toHaveClass(/dark-layout/);

  await openCustomizer(page);
  await choose(page, 'Dark');
  await expect(body).toHaveClass(/(^|\s)dark-layout(\s|$)/);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(body).toHaveClass(/(^|\s)dark-layout(\s|$)/);

  await openCustomizer(page);
  await choose(page, 'Semi Dark');
  await expect(body).toHaveClass(/(^|\s)semi-dark-layout(\s|$)/);
  await expect(body).not.toHaveClass(/(^|\s)dark-layout(\s|$)/);
  // Semi-dark: light content, dark menu.
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(body).toHaveClass(/(^|\s)semi-dark-layout(\s|$)/);

  await openCustomizer(page);
  await choose(page, 'Light');
  await expect(body).not.toHaveClass(/dark-layout/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(body).not.toHaveClass(/dark-layout/);
});

test('a signed-in user’s theme follows them to a new browser after signing in there', async ({ browser, baseURL }) => {
  const first = await browser.newContext({ baseURL });
  const page = await first.newPage();
  const user = await signUpFresh(page);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await openCustomizer(page);
  const saved = preferenceSaves(page);
  await choose(page, 'Dark');
  await saved;
  await first.close();

  const second = await browser.newContext({ baseURL });
  const other = await second.newPage();
  await other.goto('/pages/login');
  await expect(other.locator('body')).not.toHaveClass(/dark-layout/);
  await signInOnPage(other, user.email, user.password);
  await expect(other.locator('body')).toHaveClass(/(^|\s)dark-layout(\s|$)/);
  await other.reload();
  await expect(other.locator('body')).toHaveClass(/(^|\s)dark-layout(\s|$)/);
  await second.close();
});
