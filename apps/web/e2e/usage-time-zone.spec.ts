import { expect, test } from '@playwright/test';
import { signUpFresh } from './support/shell';

test('an admin changes the workspace’s time zone from the usage badge', async ({ page }) => {
  // A new workspace is on Starter, so the navigation shows its usage badge.
  await signUpFresh(page, 'Zone Keeper');
  await page.goto('/home');
  await page.getByTestId('usage-badge').click();
  const bar = page.getByTestId('usage-bar');
  await expect(bar.getByTestId('workspace-time-zone')).toContainText('UTC');

  await bar.getByRole('button', { name: 'Change the workspace’s time zone (UTC)' }).click();
  await bar.getByRole('textbox', { name: 'Workspace time zone' }).fill('Tokyo');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/workspace') && r.request().method() === 'PATCH');
  // The list stays inside the popover: picking from it does not close the popover first.
  await bar.getByRole('option', { name: 'Asia/Tokyo' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { workspace: { timeZone: string } }).workspace.timeZone).toBe('Asia/Tokyo');

  await expect(page.getByText('The workspace’s time zone is now Asia/Tokyo.')).toBeVisible();
  await expect(bar.getByTestId('workspace-time-zone')).toContainText('Asia/Tokyo');
});

test('the usage bar on the campaigns page changes it too, its list not cut off by the card', async ({ page }) => {
  await signUpFresh(page, 'Zone Keeper');
  await page.goto('/views/campaigns');
  const bar = page.getByTestId('usage-bar');
  await bar.getByRole('button', { name: 'Change the workspace’s time zone (UTC)' }).click();
  await bar.getByRole('textbox', { name: 'Workspace time zone' }).fill('Berlin');
  const option = page.getByRole('option', { name: 'Europe/Berlin' });
  // In a portal: the list is not inside the bar's card.
  await expect(option).toBeVisible();
  expect(await bar.getByRole('option').count()).toBe(0);
  await option.click();
  await expect(bar.getByTestId('workspace-time-zone')).toContainText('Europe/Berlin');
});
