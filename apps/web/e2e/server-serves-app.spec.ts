import { expect, test, type Page } from '@playwright/test';

/** Collects console errors and CSP violations, which must stay empty. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the home page loads under the CSP and reports a ready server', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Switchboard');
  await expect(page.getByRole('heading', { name: 'Switchboard' })).toBeVisible();
  await expect(page.getByTestId('server-status')).toHaveAttribute('data-status', 'ok');
  expect(errors).toEqual([]);
});

test('a deep link is answered with the app (history-mode routing)', async ({ page }) => {
  const response = await page.goto('/dashboard/analytics');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('heading', { name: 'Switchboard' })).toBeVisible();
});

test('unknown API paths answer JSON 404, never the page', async ({ request }) => {
  const response = await request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('hashed assets are cached for a year and compressed', async ({ page, request }) => {
  await page.goto('/');
  const script = await page.locator('script[type="module"]').getAttribute('src');
  expect(script).toMatch(/^\/assets\/.+\.js$/);
  const response = await request.get(script!, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(response.headers()['content-encoding']).toMatch(/gzip|br/);
});

test('the demo admin can sign in through the API the app uses', async ({ request }) => {
  const response = await request.post('/api/auth/login', {
    data: { email: 'admin@demo.com', password: 'demo-password' },
  });
  const body = await response.json();
  expect(body.userData).toMatchObject({ email: 'admin@demo.com', userRole: 'admin' });
  expect(response.headers()['set-cookie']).toContain('HttpOnly');
});
