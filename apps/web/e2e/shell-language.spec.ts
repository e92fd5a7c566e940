import { expect, test } from '@playwright/test';

test('Arabic sets <html dir="rtl" lang="ar">; German sets lang="de" dir="ltr"; the choice persists', async ({
  page,
}) => {
  const html = page.locator('html');
  await page.goto('/home');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الرئيسية' })).toBeVisible();

  await page.getByRole('button', { name: 'اللغة' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(html).toHaveAttribute('lang', 'de');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Startseite' })).toBeVisible();

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Sprache' })).toBeVisible();

  await page.getByRole('button', { name: 'Sprache' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(html).toHaveAttribute('lang', 'en');
});
