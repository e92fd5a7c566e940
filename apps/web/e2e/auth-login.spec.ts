import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_EDITOR, signIn, submitLogin, uniqueEmail } from './support/auth';

// Spec §4 (login state, "Remember me"), §5 (login rules) and §8 (notifications).

test('a failed login shows the "Error" notification with the server message and stays on the page', async ({
  page,
}) => {
  await page.goto('/pages/login');
  await submitLogin(page, uniqueEmail('nobody'), 'not-the-password');

  const notification = page.getByRole('alert').filter({ hasText: 'Email Or Password Invalid' });
  await expect(notification).toBeVisible();
  await expect(notification).toContainText('Error');
  await expect(page).toHaveURL('/pages/login');
  // Spec §8: shown for 2.5 seconds.
  await expect(notification).toBeHidden({ timeout: 6_000 });
});

test('an invalid e-mail is refused in the form, without a server call', async ({ page }) => {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/login')) logins.push(request.url());
  });
  await page.goto('/pages/login');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  expect(logins).toEqual([]);
});

test('a signed-in admin opening the login page is warned and sent to the control panel', async ({ page }) => {
  await signIn(page);
  await page.goto('/pages/login');

  const warning = page.getByRole('alert').filter({ hasText: 'You are already logged in!' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Login Attempt');
  await expect(page).toHaveURL('/dashboard/analytics');
  await expect(page.getByRole('alert').filter({ hasText: 'You are already logged in!' })).toHaveCount(1);
});

test('a signed-in editor opening the register page is warned and sent Home', async ({ page }) => {
  await signIn(page, { email: DEMO_EDITOR });
  await page.goto('/pages/register');
  await expect(page.getByRole('alert').filter({ hasText: 'You are already logged in!' })).toBeVisible();
  await expect(page).toHaveURL('/home');
});

test('signing in on the login page itself does not count as "already logged in"', async ({ page }) => {
  await signIn(page, { to: '/views/networks' });
  await expect(page).toHaveURL('/views/networks');
  await expect(page.getByText('You are already logged in!')).toHaveCount(0);
});

test('a reload keeps the session: it is renewed from the refresh cookie', async ({ page }) => {
  await signIn(page, { to: '/views/networks' });

  const refresh = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
  await page.reload();
  expect((await refresh).status()).toBe(200);
  await expect(page).toHaveURL('/views/networks');
  await page.goto('/views/conversations');
  await expect(page).toHaveURL('/views/conversations');
});

test('"Remember me" keeps the user info in localStorage; without it, in sessionStorage only', async ({ page }) => {
  const stored = () =>
    page.evaluate(() => ({
      local: localStorage.getItem('userInfo'),
      session: sessionStorage.getItem('userInfo'),
      loggedIn: localStorage.getItem('loggedIn') ?? sessionStorage.getItem('loggedIn'),
    }));

  await signIn(page, { rememberMe: true });
  let storage = await stored();
  expect(storage.session).toBeNull();
  expect(JSON.parse(storage.local ?? '{}')).toMatchObject({ email: DEMO_ADMIN, userRole: 'admin' });
  expect(storage.loggedIn).toBe('true');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, { rememberMe: false });
  storage = await stored();
  expect(storage.local).toBeNull();
  expect(JSON.parse(storage.session ?? '{}')).toMatchObject({ email: DEMO_ADMIN });
});
