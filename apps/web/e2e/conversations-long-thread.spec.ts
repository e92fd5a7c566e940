import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PASSWORD, signIn } from './support/auth';

/**
 * The E2E server starts with a conversation of 100,000 messages (E2E_LONG_THREAD in
 * playwright.config.ts; contact "Long Thread", texts "#1 - …" oldest to "#100000 - …" newest).
 * The thread is virtualised: however far back one scrolls, the page keeps under 1,500 nodes.
 */
const MESSAGES = 100_000;
const MAX_NODES = 1_500;
/** Pages of 50: scrolling up until this many older pages came in. */
const OLDER_PAGES = 5;

async function longThreadId(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO_ADMIN, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await request.get('/api/conversations?q=Long%20Thread', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok()).toBe(true);
  const { conversations } = (await response.json()) as {
    conversations: Array<{ id: string; contact: { name: string | null } }>;
  };
  const thread = conversations.find((c) => c.contact.name === 'Long Thread');
  expect(thread, 'the E2E server seeds the long thread (E2E_LONG_THREAD)').toBeDefined();
  return thread!.id;
}

/** Node count of the whole document, and the numbers of the messages rendered in the thread. */
function snapshot(page: Page) {
  return page.evaluate(() => {
    const numbers = [...document.querySelectorAll('[data-testid="thread-scroller"] [data-message-id]')]
      .map((row) => Number(/#(\d+) - /.exec(row.textContent ?? '')?.[1]))
      .filter((n) => Number.isFinite(n) && n > 0);
    return { nodes: document.querySelectorAll('*').length, rows: numbers.length, oldest: Math.min(...numbers) };
  });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a 100,000-message conversation keeps the DOM under 1,500 nodes while older pages load', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const id = await longThreadId(request);
  await signIn(page, { to: `/views/conversations?conversation=${id}` });

  const scroller = page.getByTestId('thread-scroller');
  const newest = scroller.locator('[data-message-id]').filter({ hasText: `#${MESSAGES} - ` });
  await expect(newest).toBeVisible();
  // The page measures and fits itself to the window again on every resize (and once more when
  // fonts settle): a reader at the newest message stays there, whether the size changed or not
  // (measuring once clamped the thread's scroll position ~20 rows up).
  await page.evaluate(() => window.dispatchEvent(new Event('resize')));
  await expect(newest).toBeInViewport();
  await page.setViewportSize({ width: 1440, height: 760 });
  await expect(newest).toBeInViewport();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(newest).toBeInViewport();
  const first = await snapshot(page);
  expect(first.nodes).toBeLessThan(MAX_NODES);
  expect(first.oldest).toBeGreaterThan(MESSAGES - 100);

  let oldest = first.oldest;
  for (let round = 0; round < 60 && oldest > MESSAGES - 50 * (OLDER_PAGES + 1); round++) {
    await scroller.evaluate((element) => {
      element.scrollTop = 0;
    });
    // Older rows come in above and the list keeps its place: wait for a lower number to render.
    await expect.poll(async () => (await snapshot(page)).oldest, { timeout: 10_000 }).toBeLessThan(oldest);
    const now = await snapshot(page);
    expect(now.nodes, `DOM nodes with messages back to #${now.oldest}`).toBeLessThan(MAX_NODES);
    oldest = now.oldest;
  }

  const last = await snapshot(page);
  // At least OLDER_PAGES pages of 50 beyond the first came in, and only a window of them is rendered.
  expect(last.oldest).toBeLessThanOrEqual(MESSAGES - 50 * (OLDER_PAGES + 1));
  expect(last.rows).toBeLessThan(120);
  expect(last.nodes).toBeLessThan(MAX_NODES);
  console.log(`Scrolled back to #${last.oldest}: ${last.nodes} DOM nodes, ${last.rows} message rows rendered.`);
});
