import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/** Logs out through the user menu; returns the paths the page went through meanwhile. */
async function logOut(page: Page): Promise<string[]> {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
  // Spec §4: the site root, whose page is /home (spec §2), as an anonymous visitor.
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  return visited;
}

test('logging out from an admin-only page returns to the site root, never to the login page', async ({ page }) => {
  // Signed in on the login page, as a person does: the app then opens the admin-only control panel.
  await signIn(page);
  await expect(page).toHaveURL('/dashboard/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Control Panel' })).toBeVisible();
  expect((await logOut(page)).filter((path) => path.startsWith('/pages/'))).toEqual([]);
});

test('logging out from an admin-only page reached from Home returns there too', async ({ page }) => {
  await signIn(page, { to: '/home' });
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // Home's page is loaded already: the way back to it does not wait for a chunk.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Dashboard' }).click();
  await page.getByRole('menuitem', { name: 'Control Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Control Panel' })).toBeVisible();
  expect((await logOut(page)).filter((path) => path.startsWith('/pages/'))).toEqual([]);
});
