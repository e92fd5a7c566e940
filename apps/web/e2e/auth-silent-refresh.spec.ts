import { expect, test, type Page, type Response } from '@playwright/test';
import { shortTokenBaseURL, signIn } from './support/auth';

// Spec §4 and the issue: with ACCESS_TOKEN_TTL=3 the app keeps working across an expiry. This
// file runs against the second server of playwright.config.ts, whose access tokens live 3 s.
test.use({ baseURL: shortTokenBaseURL });

/** Every answer of the API, in order, as "METHOD path status". */
function recordApi(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      seen.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  return seen;
}

const waitPastExpiry = (page: Page) => page.waitForTimeout(4_500);

test('after the access token expires, opening another protected page still works (renewed silently)', async ({
  page,
}) => {
  const api = recordApi(page);
  await signIn(page, { to: '/views/networks' });
  await expect(page).toHaveURL('/views/networks');

  await waitPastExpiry(page);
  await page.goto('/views/conversations');
  await expect(page).toHaveURL('/views/conversations');
  // The URL is there at once; the renewal is the page's first call, which may still be on its way.
  await expect.poll(() => api).toContain('POST /api/auth/refresh-token 200');

  await waitPastExpiry(page);
  await page.reload();
  await expect(page).toHaveURL('/views/conversations');
  await expect
    .poll(() => api.filter((line) => line === 'POST /api/auth/refresh-token 200').length)
    .toBeGreaterThanOrEqual(2);
});

test('a call made with an expired token is refreshed once and retried, invisibly to the user', async ({ page }) => {
  const api = recordApi(page);
  await signIn(page);
  await page.goto(`/pages/lock-screen?to=${encodeURIComponent('/views/auto-reply')}`);
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();

  await waitPastExpiry(page);
  const refreshesBefore = api.filter((line) => line.startsWith('POST /api/auth/refresh-token')).length;
  await page.getByLabel(/^Password/).fill('demo-password');
  await page.getByRole('button', { name: 'Unlock' }).click();

  await expect(page).toHaveURL('/views/auto-reply');
  const unlocks = api.filter((line) => line.startsWith('POST /api/auth/unlock'));
  expect(unlocks).toEqual(['POST /api/auth/unlock 401', 'POST /api/auth/unlock 200']);
  expect(api.filter((line) => line.startsWith('POST /api/auth/refresh-token')).length).toBe(refreshesBefore + 1);
});
