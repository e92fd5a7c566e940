import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/** The statuses of a page's refresh-token calls, in order. */
function refreshAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/refresh-token') statuses.push(response.status());
  });
  return statuses;
}

// A refresh token works once, and a second use signs the session out (DESIGN §5). The app's tabs
// share the refresh cookie, so two tabs opened together must not both spend the same one.
test('two tabs opened together both stay signed in: they take turns with the refresh cookie', async ({
  page,
  context,
}) => {
  await signIn(page, { to: '/views/networks' });
  await expect(page).toHaveURL('/views/networks');
  // Every refresh waits a moment before it leaves, so the two tabs' starts overlap: a refresh
  // sent without waiting for the other tab's would carry the same cookie.
  await context.route('**/api/auth/refresh-token', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const tabs = [await context.newPage(), await context.newPage()];
  const answers = tabs.map(refreshAnswers);
  await Promise.all([tabs[0]!.goto('/views/conversations'), tabs[1]!.goto('/views/contacts')]);

  await expect.poll(() => answers.map((statuses) => statuses.length)).toEqual([1, 1]);
  expect(answers).toEqual([[200], [200]]);
  await expect(tabs[0]!).toHaveURL('/views/conversations');
  await expect(tabs[1]!).toHaveURL('/views/contacts');
  // And the session lives on: the first tab, loaded again, renews it too.
  const again = refreshAnswers(page);
  await page.reload();
  await expect.poll(() => again).toEqual([200]);
  await expect(page).toHaveURL('/views/networks');
});
