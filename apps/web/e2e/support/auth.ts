import { expect, type Page } from '@playwright/test';

/** The demo workspace of DEMO_SEED=1 (see playwright.config.ts). */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ADMIN = 'admin@demo.com';
export const DEMO_EDITOR = 'editor@demo.com';

/** The second server of playwright.config.ts: access tokens expire after 3 seconds. */
export const shortTokenBaseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 5099) + 50}`;

/** An address no other test (or earlier run on the same database) uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The login page's path for a wanted location. */
export function loginUrlFor(wanted: string): string {
  return `/pages/login?to=${encodeURIComponent(wanted)}`;
}

/** Fills and submits the login form of the page that is open (it must be /pages/login). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD, { rememberMe = true } = {}) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  if (!rememberMe) await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Signs in through the login page (demo admin unless told otherwise) and waits until the app
 * has left it. With `to`, the app then goes there (when the user may open it).
 */
export async function signIn(
  page: Page,
  { email = DEMO_ADMIN, password = DEMO_PASSWORD, to, rememberMe = true }: SignInOptions = {},
) {
  await page.goto(to ? loginUrlFor(to) : '/pages/login');
  await submitLogin(page, email, password, { rememberMe });
  await expect(page).not.toHaveURL(/\/pages\/login/);
}

export interface SignInOptions {
  email?: string;
  password?: string;
  to?: string;
  rememberMe?: boolean;
}
