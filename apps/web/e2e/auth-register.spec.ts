import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, uniqueEmail } from './support/auth';

// Spec §5 (registration rules), §7 (POST /api/new_user after sign-up) and §8 (notifications).

async function fillRegistration(
  page: Page,
  values: { name: string; email: string; password: string; confirm: string },
) {
  await page.goto('/pages/register');
  await page.getByLabel('Display name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel(/^Password/).fill(values.password);
  await page.getByLabel('Confirm password').fill(values.confirm);
  await page.getByRole('button', { name: 'Register' }).click();
}

test('a confirmation that differs is refused under the field, without a server call', async ({ page }) => {
  const registrations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/register')) registrations.push(request.url());
  });
  await fillRegistration(page, {
    name: 'Mismatch',
    email: uniqueEmail('mismatch'),
    password: 'first-password',
    confirm: 'other-password',
  });

  await expect(page.getByText("Password doesn't match. Please try again.")).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await page.waitForTimeout(300);
  expect(registrations).toEqual([]);
  await expect(page).toHaveURL('/pages/register');
});

test('an e-mail that already has an account is refused with the spec message', async ({ page }) => {
  await fillRegistration(page, {
    name: 'Twin',
    email: DEMO_ADMIN,
    password: 'some-password',
    confirm: 'some-password',
  });
  await expect(page.getByText('This email is already in use.')).toBeVisible();
  await expect(page).toHaveURL('/pages/register');
});

test('an empty name is refused with the spec message', async ({ page }) => {
  await fillRegistration(page, {
    name: '',
    email: uniqueEmail('noname'),
    password: 'some-password',
    confirm: 'some-password',
  });
  await expect(page.getByText('Please enter your name.')).toBeVisible();
});

test('a successful sign-up says so, sends the registration details and enters the app', async ({ page }) => {
  const email = uniqueEmail('new');
  const newUser = page.waitForRequest((r) => r.url().endsWith('/api/new_user') && r.method() === 'POST');
  await fillRegistration(page, { name: 'New Customer', email, password: 'good-password', confirm: 'good-password' });

  const created = page.getByRole('alert').filter({ hasText: 'You are successfully registered!' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('Account Created');
  const request = await newUser;
  expect(request.postDataJSON()).toEqual({ payload: { displayName: 'New Customer', email } });
  expect((await request.response())?.status()).toBe(200);
  // A new sign-up owns a new workspace (admin): it lands on the control panel.
  await expect(page).toHaveURL('/dashboard/analytics');
});
