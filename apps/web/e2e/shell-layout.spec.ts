import { expect, test } from '@playwright/test';
import { DEMO_EDITOR, DEMO_PASSWORD } from './support/auth';
import { choose, openCustomizer, signInByApi } from './support/shell';

test('the vertical layout moves the menu to the side; a hidden navbar removes the top bar', async ({ page }) => {
  await page.goto('/home');
  const mainMenu = page.getByRole('navigation', { name: 'Main menu' });
  // Horizontal (default): groups open dropdowns.
  await expect(mainMenu.getByRole('button', { name: 'Company' })).toBeVisible();

  await openCustomizer(page);
  await choose(page, 'Vertical');
  await page.keyboard.press('Escape');
  await expect(mainMenu.getByRole('link', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Company' })).toHaveCount(0);

  await openCustomizer(page);
  await choose(page, 'Hidden');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeHidden();
  await expect(mainMenu.getByRole('link', { name: 'Contact Us' })).toBeVisible();

  await openCustomizer(page);
  await choose(page, 'Sticky');
  await choose(page, 'Horizontal');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  await expect(mainMenu.getByRole('button', { name: 'Company' })).toBeVisible();
});

test('at 360 px the burger opens the menu in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Company' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Main menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(drawer).toBeHidden();
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('an editor does not see admin-only menu entries', async ({ page }) => {
  await signInByApi(page, DEMO_EDITOR, DEMO_PASSWORD);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const mainMenu = page.getByRole('navigation', { name: 'Main menu' });
  // Messaging and Networks hold admin pages only.
  await expect(mainMenu.getByRole('button', { name: 'Messaging' })).toHaveCount(0);
  await expect(mainMenu.getByRole('button', { name: 'Networks' })).toHaveCount(0);

  await mainMenu.getByRole('button', { name: 'Dashboard' }).click();
  await expect(page.getByRole('menuitem', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Control Panel' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await mainMenu.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'User Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile Settings' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Pricing Plan' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await mainMenu.getByRole('button', { name: 'Apps' }).click();
  await expect(page.getByRole('menuitem', { name: 'Shop' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The search offers the same pages.
  await page.keyboard.press('Control+K');
  const search = page.getByRole('dialog', { name: 'Search' });
  await expect(search.getByRole('button', { name: /Shop/ }).first()).toBeVisible();
  await expect(search.getByRole('button', { name: /Control Panel/ })).toHaveCount(0);
});

test('the breadcrumb starts with a home link to / and shows Home > eCommerce > Shop', async ({ page }) => {
  await signInByApi(page, DEMO_EDITOR, DEMO_PASSWORD);
  await page.goto('/apps/eCommerce/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  const home = breadcrumb.getByRole('link').first();
  await expect(home).toHaveAccessibleName('Home');
  await expect(home).toHaveAttribute('href', '/');
  await expect(breadcrumb).toHaveText(/^\s*Home\s*eCommerce\s*Shop\s*$/);
  await home.click();
  await expect(page).toHaveURL('/home');
});

test('the user menu shows the user and signs out to the site root', async ({ page }) => {
  await signInByApi(page, DEMO_EDITOR, DEMO_PASSWORD);
  await page.goto('/apps/chat');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Demo Editor')).toBeVisible();
  await expect(menu.getByText('Editor', { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Lock Screen' })).toHaveAttribute(
    'href',
    `/pages/lock-screen?to=${encodeURIComponent('/apps/chat')}`,
  );
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
});
