import { expect, test, type Browser } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PASSWORD } from './support/auth';
import { blockingViolations } from './support/shell';

// Issue quality bar: the sign-in and error pages pass an axe scan with no serious or critical
// violations (light theme, English).

const pages: Array<{ path: string; ready: string; signedIn?: boolean }> = [
  { path: '/pages/login', ready: 'Welcome to Switchboard' },
  { path: '/pages/register', ready: 'Create your account' },
  { path: '/pages/forgot-password', ready: 'Forgot your password?' },
  { path: '/pages/reset-password?token=from-the-mail', ready: 'Choose a new password' },
  { path: '/pages/lock-screen?to=%2Fhome', ready: 'Your screen is locked', signedIn: true },
  { path: '/pages/error-404', ready: 'Page not found' },
  { path: '/pages/error-500', ready: 'Something went wrong' },
  { path: '/pages/not-authorized', ready: 'You are not authorized' },
  { path: '/pages/maintenance', ready: 'Under maintenance' },
];

async function openPage(browser: Browser, baseURL: string | undefined, signedIn: boolean) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (signedIn) {
    const login = await page.request.post('/api/auth/login', { data: { email: DEMO_ADMIN, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
  }
  return { context, page };
}

for (const { path, ready, signedIn = false } of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ browser, baseURL }) => {
    const { context, page } = await openPage(browser, baseURL, signedIn);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();

    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
}

test('the login form is usable by keyboard alone', async ({ page }) => {
  await page.goto('/pages/login');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(DEMO_ADMIN);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/analytics');
});
