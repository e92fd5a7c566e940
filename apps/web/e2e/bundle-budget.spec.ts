import { expect, test, type Request } from '@playwright/test';

/** DESIGN.md §6: a first visit loads at most 200 kB of JavaScript, gzip-compressed (kB = 1,000 bytes). */
const FIRST_VISIT_BUDGET_BYTES = 200_000;

const isJavaScript = (request: Request, contentType: string | undefined) =>
  request.resourceType() === 'script' || /javascript/.test(contentType ?? '');

test('a first visit of /pages/login loads at most 200 kB of JavaScript gzip, with no failed requests or console errors', async ({
  browser,
  baseURL,
}) => {
  // A fresh context: empty cache, no cookies, no storage. Ask for gzip only, the budget's encoding.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const page = await context.newPage();

  const scripts: Array<{ url: string; bytes: number; encoding: string | undefined }> = [];
  const failures: string[] = [];
  const consoleErrors: string[] = [];
  const pending: Array<Promise<void>> = [];

  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('requestfailed', (request) =>
    failures.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        if (response.status() >= 400) failures.push(`${request.method()} ${request.url()}: ${response.status()}`);
        const headers = await response.allHeaders();
        if (!isJavaScript(request, headers['content-type'])) return;
        const sizes = await request.sizes();
        scripts.push({ url: request.url(), bytes: sizes.responseBodySize, encoding: headers['content-encoding'] });
      })(),
    );
  });

  await page.goto('/pages/login', { waitUntil: 'networkidle' });
  await expect(page.locator('input[type="password"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();

  expect.soft(failures, 'failed requests').toEqual([]);
  expect.soft(consoleErrors, 'console errors').toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    // The budget is for gzip; the server leaves only tiny responses (under 1 KiB) uncompressed.
    if (script.bytes > 1024) expect.soft(script.encoding, script.url).toBe('gzip');
  }
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const table = scripts
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${(s.bytes / 1000).toFixed(2).padStart(8)} kB  ${new URL(s.url).pathname}`)
    .join('\n');
  console.log(`First visit of /pages/login: ${(total / 1000).toFixed(2)} kB of JavaScript (gzip)\n${table}`);
  expect(total, `JavaScript of the first visit, bytes gzip:\n${table}`).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_BYTES);
});
