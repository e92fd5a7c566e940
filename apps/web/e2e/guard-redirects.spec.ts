import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_EDITOR, loginUrlFor, signIn, submitLogin } from './support/auth';

// Spec §2 (routes, redirects, guard) and §6 (roles), in a real browser against the real server.

test('/ redirects to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/home');
});

test('an unknown path redirects to /pages/error-404', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL('/pages/error-404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

for (const wanted of ['/dashboard/analytics', '/views/conversations', '/views/networks', '/views/auto-reply']) {
  test(`an anonymous visitor of ${wanted} signs in first and then lands there`, async ({ page }) => {
    await page.goto(wanted);
    await expect(page).toHaveURL(loginUrlFor(wanted));
    await submitLogin(page, DEMO_ADMIN);
    await expect(page).toHaveURL(wanted);
  });
}

test('/apps/todo redirects to user settings (after login)', async ({ page }) => {
  await page.goto('/apps/todo');
  await expect(page).toHaveURL(loginUrlFor('/pages/user-settings/UserSettings'));
  await submitLogin(page, DEMO_ADMIN);
  await expect(page).toHaveURL('/pages/user-settings/UserSettings');
  await page.goto('/apps/todo');
  await expect(page).toHaveURL('/pages/user-settings/UserSettings');
});

test('/apps/email redirects to the inbox', async ({ page }) => {
  await signIn(page);
  await page.goto('/apps/email');
  await expect(page).toHaveURL('/apps/email/inbox');
});

test('the `to` of the login page keeps the query of the wanted page', async ({ page }) => {
  await page.goto('/views/networks?tab=sms');
  await expect(page).toHaveURL(loginUrlFor('/views/networks?tab=sms'));
  await submitLogin(page, DEMO_ADMIN);
  await expect(page).toHaveURL('/views/networks?tab=sms');
});

test('a `to` pointing at another site is ignored: the admin lands on the control panel', async ({ page }) => {
  await page.goto(`/pages/login?to=${encodeURIComponent('https://evil.example/steal')}`);
  await submitLogin(page, DEMO_ADMIN);
  await expect(page).toHaveURL('/dashboard/analytics');
});

test('a protocol-relative `to` is ignored too', async ({ page }) => {
  await page.goto(`/pages/login?to=${encodeURIComponent('//evil.example')}`);
  await submitLogin(page, DEMO_ADMIN);
  await expect(page).toHaveURL('/dashboard/analytics');
});

test('an editor opening an admin page lands on not-authorized', async ({ page }) => {
  await signIn(page, { email: DEMO_EDITOR, to: '/views/networks' });
  await expect(page).toHaveURL('/pages/not-authorized');
  await expect(page.getByRole('heading', { name: 'You are not authorized' })).toBeVisible();

  // Also when opened directly, once signed in (session restored from the cookie).
  await page.goto('/views/networks');
  await expect(page).toHaveURL('/pages/not-authorized');
});

test('an editor signing in without a target lands on Home (the control panel is for admins)', async ({ page }) => {
  await signIn(page, { email: DEMO_EDITOR });
  await expect(page).toHaveURL('/home');
});
