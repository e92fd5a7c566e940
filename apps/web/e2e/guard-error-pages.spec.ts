import { expect, test } from '@playwright/test';

// The four error pages, and a page that fails to load: the 500 page in place, never a loop.

const errorPages = [
  { path: '/pages/error-404', title: 'Page not found' },
  { path: '/pages/error-500', title: 'Something went wrong' },
  { path: '/pages/not-authorized', title: 'You are not authorized' },
  { path: '/pages/maintenance', title: 'Under maintenance' },
];

for (const { path, title } of errorPages) {
  test(`${path} explains the problem, shows an illustration and leads home`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('main svg').last()).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/home');
  });
}

test('a page whose code cannot be loaded shows the 500 page where it is, without redirecting', async ({ page }) => {
  await page.goto('/pages/error-404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // From now on every new script fails to load, as when a deployment removed the old chunks.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.evaluate(() => {
    history.pushState({ usr: null, key: 'broken', idx: 1 }, '', '/pages/maintenance');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  });

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page).toHaveURL('/pages/maintenance');
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
});
