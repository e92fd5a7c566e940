import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './support/auth';

// Forgot password, reset password (from the mailed link), lock screen and the /callback page.

test('forgot password always answers with the same neutral message', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await page.goto('/pages/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/pages/login');
});

test('a reset link that is unknown or used says so and offers a new one', async ({ page }) => {
  await page.goto('/pages/reset-password?token=not-a-real-token');
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByLabel('Confirm password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link is invalid, used or expired. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/pages/forgot-password',
  );
});

test('the reset page without a link explains what is missing', async ({ page }) => {
  await page.goto('/pages/reset-password');
  await expect(page.getByText('This page needs the link from the password reset email.')).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
});

test('a reset that the server accepts confirms it and links to login', async ({ page }) => {
  // The real token only exists in the mail; the server side of the reset has its own route tests.
  await page.route('**/api/auth/reset-password', (route) => route.fulfill({ json: { ok: true } }));
  await page.goto('/pages/reset-password?token=from-the-mail');
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByLabel('Confirm password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
});

test('the lock screen refuses a wrong password and returns to `to` with the right one', async ({ page }) => {
  await signIn(page);
  await page.goto(`/pages/lock-screen?to=${encodeURIComponent('/views/networks')}`);
  await expect(page.getByText('Demo Admin')).toBeVisible();

  await page.getByLabel(/^Password/).fill('wrong-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Wrong password.')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/lock-screen/);

  await page.getByLabel(/^Password/).fill('demo-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL('/views/networks');
});

test('the lock screen needs a session', async ({ page }) => {
  await page.goto('/pages/lock-screen');
  await expect(page).toHaveURL(/\/pages\/login\?to=%2Fpages%2Flock-screen/);
});

test('/callback shows the identity provider’s error by name, with a way back to login', async ({ page }) => {
  await page.goto('/callback#error=access_denied&error_description=The+user+cancelled');
  await expect(page.getByRole('alert')).toContainText('Error: access_denied');
  await expect(page.getByRole('alert')).toContainText('The user cancelled');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL('/pages/login');
});

test('/callback without an error shows that sign-in is under way', async ({ page }) => {
  await page.goto('/callback');
  await expect(page.getByRole('heading', { name: 'Signing you in…' })).toBeVisible();
});

test('no identity-provider buttons while the server reports none', async ({ page }) => {
  const providers = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
  await page.goto('/pages/login');
  expect(await (await providers).json()).toEqual({ providers: [] });
  await expect(page.getByText('or continue with')).toHaveCount(0);
});

test('identity-provider buttons appear when the server reports some', async ({ page }) => {
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: { providers: [{ id: 'google', name: 'Google', url: '/api/auth/google' }] } }),
  );
  await page.goto('/pages/login');
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/google');
});
