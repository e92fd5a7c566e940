import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page, type Response } from '@playwright/test';
import { uniqueEmail } from './auth';

/**
 * Registers a fresh user (admin of a new workspace) through the page's own request context, so
 * the browser holds its session: the next page load signs it in. Tests that change preferences
 * use such users, never the shared demo accounts.
 */
export async function signUpFresh(page: Page, displayName = 'Shell Tester') {
  const email = uniqueEmail('shell');
  const password = 'shell-password-1';
  const response = await page.request.post('/api/auth/register', { data: { displayName, email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password, displayName };
}

/** Signs in through the login page that is open, as a person does. */
export async function signInOnPage(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/pages\/login/);
}

/** Signs the browser in through the API; the next page load restores the session from the cookie. */
export async function signInByApi(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toHaveProperty('userData');
}

export async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Customizer' }).click();
  await expect(page.getByRole('dialog', { name: 'Theme Customizer' })).toBeVisible();
}

/** Picks one option of a customizer setting (English option names), as a user does: its label. */
export async function choose(page: Page, option: string) {
  const radio = page.getByRole('radio', { name: option, exact: true });
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  await expect(radio).toBeChecked();
}

/** Resolves once `count` preference saves (PATCH /api/me/preferences) have succeeded. */
export function preferenceSaves(page: Page, count = 1): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const onResponse = (response: Response) => {
      if (response.request().method() !== 'PATCH' || !response.url().endsWith('/api/me/preferences')) return;
      if (response.ok()) seen += 1;
      if (seen >= count) {
        page.off('response', onResponse);
        resolve();
      }
    };
    page.on('response', onResponse);
  });
}

/** Console errors, uncaught exceptions and failed requests of a page, for "no errors" checks. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/** Serious and critical axe violations, one readable line each. */
export async function blockingViolations(page: Page): Promise<string[]> {
  // A menu still fading in has blended colours: on a busy machine axe could measure it mid-way.
  // (Endless ones, such as a loader's spin, are not waited for.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Only violations are read: axe skips building the passes' node details (much of a big page's
  // scan). Legacy mode runs axe in the page itself; the default mode opens and closes a blank page
  // for every scan to merge the frames' results (we have no cross-origin frames to merge), which
  // took ~0.7 s of each ~1.1 s scan.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A desktop-sized context for an axe scan in a theme (AxeBuilder needs a page of a context made
 * by the test), with reduced motion so no scan catches a transition mid-way, and the page's
 * console errors and failed requests collected.
 */
export async function themedPage(browser: Browser, baseURL: string | undefined, theme: 'light' | 'dark') {
  const context = await browser.newContext({
    baseURL,
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript((chosen) => {
    if (!localStorage.getItem('switchboard.preferences')) {
      localStorage.setItem('switchboard.preferences', JSON.stringify({ theme: chosen }));
    }
  }, theme);
  const page = await context.newPage();
  return { context, page, problems: collectProblems(page) };
}
