import { expect, test } from '@playwright/test';
import { preferenceSaves, signUpFresh } from './support/shell';

test('starring 12 pages in the search shows the first 10 in the bookmarks bar, also after a reload', async ({
  page,
}) => {
  await signUpFresh(page);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const search = page.getByRole('dialog', { name: 'Search' });
  await expect(search.getByRole('textbox')).toBeVisible();
  const stars = search.getByRole('button', { name: /^Bookmark / });
  expect(await stars.count()).toBeGreaterThanOrEqual(12);

  const starred: string[] = [];
  const saved = preferenceSaves(page, 12);
  for (let i = 0; i < 12; i++) {
    const star = stars.nth(i);
    starred.push(((await star.getAttribute('aria-label')) ?? '').replace(/^Bookmark /, ''));
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
  }
  await saved;
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  const bar = page.getByRole('navigation', { name: 'Bookmarks' }).getByRole('link');
  await expect(bar).toHaveCount(10);
  const expected = starred.slice(0, 10);
  for (let i = 0; i < 10; i++) await expect(bar.nth(i)).toHaveAccessibleName(expected[i]!);

  await page.reload();
  await expect(bar).toHaveCount(10);
  for (let i = 0; i < 10; i++) await expect(bar.nth(i)).toHaveAccessibleName(expected[i]!);

  // Un-starring one of the first ten moves the eleventh into the bar.
  await page.keyboard.press('Control+K');
  await search.getByRole('button', { name: `Bookmark ${expected[0]}` }).click();
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(10);
  await expect(bar.nth(9)).toHaveAccessibleName(starred[10]!);
});

test('Ctrl+K opens the search; anonymous visitors see the pages but no stars', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const search = page.getByRole('dialog', { name: 'Search' });
  await expect(search.getByRole('textbox')).toBeFocused();
  await page.keyboard.type('pric');
  await expect(search.getByRole('button', { name: /Pricing/ }).first()).toBeVisible();
  await expect(search.getByRole('button', { name: /^Bookmark / })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
});
