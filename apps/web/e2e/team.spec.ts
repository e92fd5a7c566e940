import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { linkIn, startMailCatcher, type MailCatcher } from './support/mail-catcher';
import { ownServerURL, startOwnServer, type OwnServer } from './support/own-server';
import { blockingViolations, collectProblems, themedPage } from './support/shell';

// The team: an admin invites a colleague, who accepts the mailed link in another browser, and the
// admin's role and status changes reach that browser at once. Invitations are mailed: this spec
// runs its own server with SMTP_URL pointing at a mail catcher (the shared servers log mails only).
const SERVER_OFFSET = 25;
const PASSWORD = 'team-password-1';

let mail: MailCatcher;
let server: OwnServer;

test.use({ baseURL: ownServerURL(SERVER_OFFSET) });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mail = await startMailCatcher();
  server = await startOwnServer(SERVER_OFFSET, { SMTP_URL: mail.url });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
});

/** A new workspace whose admin the page is signed in as (the next page load restores the session). */
async function signUpAdmin(page: Page, displayName = 'Ada Admin') {
  const email = uniqueEmail('team-admin');
  const response = await page.request.post('/api/auth/register', { data: { displayName, email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return { email, displayName };
}

/** Invites through the page's dialog and returns the mailed link (path and token). */
async function inviteThroughPage(page: Page, email: string, role: 'Editor' | 'Admin' = 'Editor') {
  await page.goto('/apps/user/user-list');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByText(role, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('team-invitations').locator('tr', { hasText: email })).toContainText('Pending');
  return linkIn(await mail.take(email, 30_000), '/pages/accept-invitation');
}

/** Resolves once the page's socket has sent ENTERED (it is then in the user's room). */
function socketEntered(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('request', (request) => {
      if (request.url().includes('/socket.io/') && request.postData()?.includes('"ENTERED"')) resolve();
    });
    page.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        if (String(frame.payload).includes('"ENTERED"')) resolve();
      }),
    );
  });
}

/** Client-side navigation, as a link does it: no reload. */
const navigateInApp = (page: Page, to: string) =>
  page.evaluate((path) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', path);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, to);
const markNoReload = (page: Page) =>
  page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
const stillNoReload = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload === true);

/** The invitee accepts the link in a browser of their own, and is signed in. */
async function acceptInNewContext(browser: Browser, link: string, name: string) {
  const context: BrowserContext = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const entered = socketEntered(page);
  await page.goto(link);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  return { context, page, entered };
}

test('an admin invites an editor, who joins from the mailed link and sees the apps but not the control panel', async ({
  page,
  browser,
}) => {
  const problems = collectProblems(page);
  const admin = await signUpAdmin(page);
  const email = uniqueEmail('team-editor');
  const link = await inviteThroughPage(page, email);

  const invitee = await browser.newContext({ baseURL: server.baseURL });
  const other = await invitee.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(other.getByTestId('invitation-preview')).toContainText(
    `${admin.displayName} invited you to join as Editor.`,
  );
  await expect(other.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await other.getByLabel(/^Name/).fill('Eddie Editor');
  await other.getByLabel(/^Password/).fill(PASSWORD);
  await other.getByLabel(/^Confirm password/).fill(PASSWORD);
  await other.getByRole('button', { name: 'Create account and join' }).click();
  await expect(other).toHaveURL(/\/home$/);

  // The apps are theirs; the control panel is an admin's. Each page load renews the session: the
  // next one waits for this one's answer, or it would present the token this one just rotated
  // (a reuse, which revokes the session, DESIGN §5).
  const renewed = other.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
  await other.goto('/apps/chat');
  expect((await renewed).status()).toBe(200);
  await expect(other).toHaveURL(/\/apps\/chat$/);
  await other.goto('/dashboard/analytics');
  await expect(other).toHaveURL(/\/pages\/not-authorized$/);
  // A used link no longer works, and says so.
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await expect(other.getByText('This invitation was already used. Sign in with the account it created.')).toBeVisible();

  // The admin sees the new colleague and the accepted invitation.
  await page.reload();
  await expect(page.getByTestId('team-invitations').locator('tr', { hasText: email })).toContainText('Accepted');
  const row = page.getByTestId('team-users').locator('tr', { hasText: email });
  await expect(row).toContainText('Eddie Editor');
  await expect(row).toContainText('Editor');
  await expect(row).toContainText('Active');
  expect(problems).toEqual([]);
  await invitee.close();
});

test('promote, demote and block reach the colleague’s open app at once', async ({ page, browser }) => {
  await signUpAdmin(page);
  const email = uniqueEmail('team-live');
  const link = await inviteThroughPage(page, email);
  const colleague = await acceptInNewContext(browser, link, 'Liv Live');
  await expect(colleague.page).toHaveURL(/\/home$/);
  await colleague.entered;
  await markNoReload(colleague.page);

  // The admin opens the colleague's page from the list.
  await page.reload();
  await page.getByTestId('team-users').getByRole('link', { name: 'Liv Live', exact: true }).click();
  await expect(page.getByTestId('team-user-name')).toHaveText('Liv Live');
  await expect(page.getByTestId('team-permissions').locator('td[data-allowed="false"]')).toHaveCount(4);

  // Promoted: the open app opens admin pages without a reload.
  await page.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByTestId('team-permissions').locator('td[data-allowed="false"]')).toHaveCount(0);
  await expect(async () => {
    await navigateInApp(colleague.page, '/views/contacts');
    await expect(colleague.page).toHaveURL(/\/views\/contacts$/, { timeout: 2_000 });
  }).toPass();
  await expect(colleague.page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();

  // Demoted: the admin page they are on closes at once.
  await page.getByRole('button', { name: 'Make editor' }).click();
  await page
    .getByRole('dialog', { name: 'Make Liv Live an editor?' })
    .getByRole('button', { name: 'Make editor' })
    .click();
  await expect(colleague.page).toHaveURL(/\/pages\/not-authorized$/);
  expect(await stillNoReload(colleague.page)).toBe(true);

  // Blocked: signed out at once, and refused at the next sign-in.
  await navigateInApp(colleague.page, '/pages/user-settings/UserSettings');
  await expect(colleague.page).toHaveURL(/\/pages\/user-settings\/UserSettings$/);
  await page.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('dialog', { name: 'Block Liv Live?' }).getByRole('button', { name: 'Block' }).click();
  await expect(page.locator('[data-status="blocked"]')).toBeVisible();
  await expect(colleague.page).toHaveURL(/\/pages\/login\?to=/);
  expect(await stillNoReload(colleague.page)).toBe(true);
  await colleague.page.getByLabel('Email').fill(email);
  await colleague.page.getByLabel(/^Password/).fill(PASSWORD);
  await colleague.page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    colleague.page.getByText('This account is blocked or deactivated. Ask your workspace admin.'),
  ).toBeVisible();
  await colleague.context.close();
});

test('the last admin cannot make themselves an editor, and the page says why', async ({ page }) => {
  const admin = await signUpAdmin(page);
  await page.goto('/apps/user/user-list');
  await page.getByTestId('team-users').getByRole('link', { name: admin.displayName, exact: true }).click();
  await page.getByRole('button', { name: 'Make editor' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make editor' }).click();
  await expect(page.getByText('A workspace needs at least one active admin.')).toBeVisible();
  await expect(page).toHaveURL(/\/apps\/user\/user-view\//);
});

test('the team pages in Arabic read right to left', async ({ page }) => {
  await signUpAdmin(page, 'آدا');
  await inviteThroughPage(page, uniqueEmail('team-ar'));
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الفريق', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'دعوة', exact: true })).toBeVisible();
  await expect(page.getByTestId('team-invitations')).toContainText('قيد الانتظار');
  await page.screenshot({ path: test.info().outputPath('team-list-ar.png'), fullPage: true });

  await page.getByTestId('team-users').getByRole('link', { name: 'آدا', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'المستخدم', level: 1 })).toBeVisible();
  await expect(page.getByTestId('team-permissions')).toContainText('المنشورات');
  await page.screenshot({ path: test.info().outputPath('team-user-ar.png'), fullPage: true });

  await page.getByRole('link', { name: 'تعديل' }).click();
  await expect(page.getByRole('heading', { name: 'تعديل المستخدم', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-edit-ar.png'), fullPage: true });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the team pages and the invitation page pass axe in the ${theme} theme`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page, problems } = await themedPage(browser, server.baseURL, theme);
    const admin = await signUpAdmin(page);
    const link = await inviteThroughPage(page, uniqueEmail(`team-axe-${theme}`));
    expect(await blockingViolations(page), 'user list').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`team-list-${theme}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Invite a colleague' })).toBeVisible();
    expect(await blockingViolations(page), 'invite dialog').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('team-users').getByRole('link', { name: admin.displayName, exact: true }).click();
    await expect(page.getByTestId('team-permissions')).toBeVisible();
    expect(await blockingViolations(page), 'user view').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`team-user-${theme}.png`), fullPage: true });

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    expect(await blockingViolations(page), 'user edit').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`team-edit-${theme}.png`), fullPage: true });

    await page.goto(link);
    await expect(page.getByTestId('invitation-preview')).toBeVisible();
    expect(await blockingViolations(page), 'accept invitation').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`accept-invitation-${theme}.png`), fullPage: true });

    expect(problems).toEqual([]);
    await context.close();
  });
}
