import { expect, test } from '@playwright/test';

test('unknown API paths answer JSON 404, never the page', async ({ request }) => {
  const response = await request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('a deep link is answered with the app shell, never cached', async ({ request }) => {
  const response = await request.get('/views/networks');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(await response.text()).toContain('<div id="root">');
});

test('hashed assets are cached for a year and compressed', async ({ page, request }) => {
  await page.goto('/pages/login');
  const script = await page.locator('script[type="module"]').getAttribute('src');
  expect(script).toMatch(/^\/assets\/.+\.js$/);
  const response = await request.get(script!, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(response.headers()['content-encoding']).toMatch(/gzip|br/);
});
