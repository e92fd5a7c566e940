import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_COMPLIANCE_TEXTS, type InboxCounts, type Network } from '@switchboard/contract';
import { DEMO_ADMIN, DEMO_PASSWORD, signIn } from './support/auth';
import { virtualPhone, virtualPhoneNumber } from './support/virtual-phone';

/** An access token of the demo admin, for the virtual phone's side (not the page's). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: DEMO_ADMIN, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function demoSandbox(request: APIRequestContext, headers: Record<string, string>): Promise<Network> {
  const response = await request.get('/api/networks', { headers });
  const { networks } = (await response.json()) as { networks: Network[] };
  const sandbox = networks.find((network) => network.kind === 'sandbox' && network.name === 'Sandbox');
  expect(sandbox, 'the demo seed has a sandbox network named "Sandbox"').toBeTruthy();
  return sandbox!;
}

async function unreadCount(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const response = await request.get('/api/inbox/counts', { headers });
  return ((await response.json()) as InboxCounts).unreadConversations;
}

/** The number on the "Messaging" menu button (the horizontal layout's SMS + voice badge), 0 when none. */
async function messagingBadge(page: Page): Promise<number> {
  // allTextContents does not wait: the badge may come and go while polling.
  const [text] = await page
    .getByRole('button', { name: /^Messaging/ })
    .getByTestId('menu-badge')
    .allTextContents();
  return text ? Number(text) : 0;
}

test.describe('SMS inbox', () => {
  test('a text from the virtual phone arrives live; the reply, STOP and START work end to end', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const headers = await adminHeaders(request);
    const sandbox = await demoSandbox(request, headers);
    const number = virtualPhoneNumber();
    const phone = virtualPhone(request, headers, sandbox, number);
    const question = `Do you have the blue one in stock? (${Date.now()})`;
    const answer = `Yes, two left. Shall I keep one for you? (${Date.now()})`;

    await signIn(page, { to: '/views/conversations' });
    await expect(page.getByRole('tab', { name: 'SMS Inbox' })).toHaveAttribute('aria-selected', 'true');
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(list.or(page.getByText('No conversations yet'))).toBeVisible();

    // The phone texts the workspace: the thread appears at the top of the open inbox, unread.
    await phone.text(question);
    const row = list.getByRole('button').filter({ hasText: number });
    await expect(row).toContainText(question);
    await expect(row).toContainText('1 unread');
    await expect.poll(() => messagingBadge(page)).toBeGreaterThan(0);
    const unreadBefore = await unreadCount(request, headers);

    // Opening it shows the message and marks it read (the badge goes down).
    await row.click();
    const thread = page.getByRole('log', { name: `Messages with ${number}` });
    await expect(thread.locator('[data-message-id]').filter({ hasText: question })).toBeVisible();
    await expect.poll(() => unreadCount(request, headers)).toBe(unreadBefore - 1);
    await expect(row).not.toContainText('unread');

    // A reply from the composer: at once as queued, then delivered; the phone has it too.
    const composer = page.getByRole('textbox', { name: 'Reply' });
    await composer.fill(answer);
    await expect(page.getByTestId('sms-encoding')).toHaveText('GSM-7');
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    const sent = thread.locator('[data-message-id]').filter({ hasText: answer });
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId('message-state')).toHaveAttribute('data-state', 'delivered', { timeout: 15_000 });
    await expect(sent).toHaveCount(1);
    await expect
      .poll(async () => (await phone.thread()).find((message) => message.body === answer)?.state)
      .toBe('delivered');

    // STOP: the phone gets the confirmation, the composer is disabled with the reason.
    await phone.text('Stop');
    await expect
      .poll(async () => (await phone.thread()).some((m) => m.body === DEFAULT_COMPLIANCE_TEXTS.en.optOutReply))
      .toBe(true);
    await expect(composer).toBeDisabled();
    await expect(page.getByText('This contact opted out')).toBeVisible();
    await expect(row).toContainText('Opted out');

    // START: subscribed again, the composer works again.
    await phone.text('START');
    await expect(composer).toBeEnabled();
    await expect(page.getByText('This contact opted out')).toHaveCount(0);
    await expect
      .poll(async () => (await phone.thread()).some((m) => m.body === DEFAULT_COMPLIANCE_TEXTS.en.optInReply))
      .toBe(true);

    // Mark unread: the thread closes and the badge counts it again; opening it reads it. First
    // the START text, read in the open thread, must be off the badge (read mid-way, it was off by one).
    await expect(row).not.toContainText('unread');
    const counts = (await (await request.get('/api/inbox/counts', { headers })).json()) as Record<string, number>;
    const badgeBefore = counts.unreadConversations! + counts.unlistenedVoiceMessages!;
    await expect.poll(() => messagingBadge(page)).toBe(badgeBefore);
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await expect(page.getByText('Select a conversation')).toBeVisible();
    await expect.poll(() => messagingBadge(page)).toBe(badgeBefore + 1);
    await row.click();
    await expect.poll(() => messagingBadge(page)).toBe(badgeBefore);
  });

  test('the composer counts segments and replaces characters that force UCS-2', async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const sandbox = await demoSandbox(request, headers);
    const number = virtualPhoneNumber();
    await virtualPhone(request, headers, sandbox, number).text('Hi there');

    await signIn(page, { to: '/views/conversations' });
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: number }).click();
    const composer = page.getByRole('textbox', { name: 'Reply' });
    await composer.fill(`“Quoted” — and it’s fine…`);
    await expect(page.getByTestId('sms-encoding')).toHaveText('UCS-2');
    const warning = page.getByTestId('ucs2-warning');
    await expect(warning).toContainText('“');
    await warning.getByRole('button', { name: 'Replace with GSM-7 equivalents' }).click();
    await expect(composer).toHaveValue(`"Quoted" - and it's fine...`);
    await expect(page.getByTestId('sms-encoding')).toHaveText('GSM-7');
    await expect(warning).toHaveCount(0);

    await composer.fill('x'.repeat(161));
    await expect(page.getByTestId('sms-segments')).toHaveText('SMS parts: 2');
    // Shift+Enter adds a line instead of sending.
    await composer.fill('Line one');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('line two');
    await expect(composer).toHaveValue('Line one\nline two');
  });

  test('search finds a thread by the message text and the voice tab is in the URL', async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const sandbox = await demoSandbox(request, headers);
    const number = virtualPhoneNumber();
    const marker = `zebra${Date.now()}`;
    await virtualPhone(request, headers, sandbox, number).text(`Looking for the ${marker} model`);

    await signIn(page, { to: '/views/conversations' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(list).toContainText(number);

    await page.getByRole('tab', { name: 'Voice Inbox' }).click();
    await expect(page).toHaveURL(/tab=voice/);
    await page.goBack();
    await page.goto('/views/conversations?tab=voice');
    await expect(page.getByRole('tab', { name: 'Voice Inbox' })).toHaveAttribute('aria-selected', 'true');
  });
});
