import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AutoReplyRule, Network } from '@switchboard/contract';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';
import { virtualPhone, virtualPhoneNumber } from './support/virtual-phone';

const REPLY = 'Our price list: example.com/prices';
const CLOSED_REPLY = 'We are closed';
const ZONE = 'Asia/Tokyo';

/** A date as YYYY-MM-DD and its English weekday name, as a wall clock in `timeZone` sees it. */
function dayIn(timeZone: string, at: Date) {
  return {
    date: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at),
    weekday: new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(at),
  };
}

/** Text as seen: without the invisible marks that keep dates and zones in one piece in Arabic. */
const seen = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

/** The rules as the server orders them (GET /api/auto-reply/rules). */
async function ruleNames(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.get('/api/auto-reply/rules', { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { rules: AutoReplyRule[] }).rules.map((rule) => rule.name);
}

/** The fresh admin's access token and the sandbox network every new workspace starts with. */
async function workspaceOf(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const { networks } = (await (await request.get('/api/networks', { headers })).json()) as { networks: Network[] };
  const sandbox = networks.find((network) => network.kind === 'sandbox');
  expect(sandbox, 'a new workspace has a sandbox network').toBeTruthy();
  return { headers, sandbox: sandbox! };
}

/** Creates the "PRICE" keyword rule through the form, as a person does. */
async function createPriceRule(page: Page) {
  await page.getByRole('button', { name: 'New rule' }).first().click();
  const form = page.getByRole('dialog', { name: 'New rule' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Prices');
  await expect(form.getByRole('radio', { name: 'Keyword' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Exact' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Keyword 1' }).fill('PRICE');
  await form.getByRole('textbox', { name: 'Reply text' }).fill(REPLY);
  await expect(form.getByTestId('reply-preview')).toHaveText(REPLY);
  await expect(form.getByTestId('preview-segments')).toHaveText('SMS parts: 1');
  await form.getByRole('textbox', { name: 'Cooldown per contact (minutes)' }).fill('60');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form).toBeHidden();
}

test.describe('Auto-reply', () => {
  test('a keyword rule answers the sandbox phone once, then the cooldown holds it back and Try says so', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { email, password } = await signUpFresh(page, 'Auto Reply Tester');
    const { headers, sandbox } = await workspaceOf(request, email, password);
    const number = virtualPhoneNumber();
    const phone = virtualPhone(request, headers, sandbox, number);
    const replies = async () => (await phone.thread()).filter((m) => m.direction === 'out' && m.body === REPLY);

    await page.goto('/views/auto-reply');
    await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();
    await createPriceRule(page);
    const row = page
      .getByRole('list', { name: 'Auto-reply rules' })
      .getByRole('listitem')
      .filter({ hasText: 'Prices' });
    await expect(row).toContainText('Exact: PRICE');
    await expect(row).toContainText('Fired: 0');

    // The phone texts "price?": the reply arrives on the phone, and the list counts it live.
    await phone.text('price?');
    await expect.poll(async () => (await replies()).length, { timeout: 15_000 }).toBe(1);
    await expect(row).toContainText('Fired: 1');

    // In the inbox the reply is in the thread, marked as an auto-reply.
    await page.goto('/views/conversations');
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: number }).click();
    const thread = page.getByRole('log', { name: `Messages with ${number}` });
    const reply = thread.locator('[data-message-id]').filter({ hasText: REPLY });
    await expect(reply).toHaveCount(1);
    await expect(reply).toContainText('Auto-reply');

    // A second "price?" within the cooldown is stored but not answered.
    await phone.text('price?');
    await expect(thread.locator('[data-message-id]').filter({ hasText: 'price?' })).toHaveCount(2);
    // Nothing is sent after it (an auto-reply is queued in the same transaction as the inbound).
    await page.waitForTimeout(1_500);
    expect(await replies()).toHaveLength(1);
    await expect(reply).toHaveCount(1);

    // "Try a message" with the same sender and text explains why: the rule's cooldown.
    await page.goto('/views/auto-reply');
    await expect(row).toContainText('Fired: 1');
    await expect(page.getByRole('textbox', { name: 'Network' })).toHaveValue(sandbox.name);
    await page.getByRole('textbox', { name: 'Sender’s number' }).fill(number);
    await page.getByRole('textbox', { name: 'Message' }).fill('price?');
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    const result = page.getByTestId('try-result');
    await expect(result).toHaveAttribute('data-reason', 'cooldown');
    await expect(result).toContainText(
      'Rule “Prices” matches, but it answered this contact less than its cooldown ago.',
    );
    await expect(result).toContainText('The contact can get an auto-reply again from');
  });

  test('an after-hours rule set up in the form answers a text sent while closed', async ({ page, request }) => {
    test.setTimeout(90_000);
    const { email, password } = await signUpFresh(page, 'Auto Reply Tester');
    const { headers, sandbox } = await workspaceOf(request, email, password);
    const number = virtualPhoneNumber();
    const phone = virtualPhone(request, headers, sandbox, number);
    // Today is a holiday in Tokyo, and the only opening hours are three days later: closed now
    // (also if Tokyo's midnight passes during the test).
    const now = new Date();
    const today = dayIn(ZONE, now);
    const openDay = dayIn(ZONE, new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000)).weekday;
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

    await page.goto('/views/auto-reply');
    await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();
    await page.getByRole('button', { name: 'New rule' }).first().click();
    const form = page.getByRole('dialog', { name: 'New rule' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('After hours');
    await form.getByRole('radio', { name: 'Outside business hours' }).click();
    await expect(form.getByRole('radio', { name: 'Outside business hours' })).toBeChecked();

    // The week starts as Monday to Friday 9 to 5: every range goes, then one on the open day.
    for (const day of weekdays.slice(0, 5)) {
      const hours = form.getByRole('group', { name: day });
      await hours.getByRole('button', { name: `Remove hours 1 on ${day}` }).click();
      await expect(hours).toContainText('Closed');
    }
    for (const day of weekdays) await expect(form.getByRole('group', { name: day })).toContainText('Closed');
    await form.getByRole('button', { name: `Add hours on ${openDay}` }).click();
    await expect(form.getByLabel(`Opens on ${openDay}`)).toHaveValue('09:00');
    await expect(form.getByLabel(`Closes on ${openDay}`)).toHaveValue('17:00');

    await expect(form.getByText('No holidays.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Holiday date' }).fill(today.date);
    await form.getByRole('button', { name: 'Add holiday' }).click();
    // The holidays are the form's only list: one pill per date.
    await expect(form.getByRole('listitem')).toHaveText([today.date]);

    await form.getByRole('textbox', { name: 'Reply text' }).fill(CLOSED_REPLY);
    await expect(form.getByTestId('reply-preview')).toHaveText(CLOSED_REPLY);
    const timeZone = form.getByRole('textbox', { name: 'Time zone' });
    await timeZone.fill('Tokyo');
    await page.getByRole('option', { name: ZONE, exact: true }).click();
    await expect(timeZone).toHaveValue(ZONE);
    await form.getByRole('button', { name: 'Create rule' }).click();
    await expect(form).toBeHidden();

    const row = page
      .getByRole('list', { name: 'Auto-reply rules' })
      .getByRole('listitem')
      .filter({ hasText: 'After hours' });
    await expect.poll(async () => seen(await row.innerText())).toContain(`Outside business hours (${ZONE})`);
    await expect(row).toContainText('Fired: 0');

    // The phone texts "hello" while the business is closed: the closed reply arrives, counted live.
    await phone.text('hello');
    await expect
      .poll(async () => (await phone.thread()).filter((m) => m.direction === 'out').map((m) => m.body), {
        timeout: 15_000,
      })
      .toEqual([CLOSED_REPLY]);
    await expect(row).toContainText('Fired: 1');

    // "Try a message" from a number the rule has not answered yet: it would answer.
    let newNumber = virtualPhoneNumber();
    while (newNumber === number) newNumber = virtualPhoneNumber();
    await expect(page.getByRole('textbox', { name: 'Network' })).toHaveValue(sandbox.name);
    await page.getByRole('textbox', { name: 'Sender’s number' }).fill(newNumber);
    await page.getByRole('textbox', { name: 'Message' }).fill('hello');
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    const result = page.getByTestId('try-result');
    await expect(result).toContainText('Rule “After hours” would answer');
    await expect(result.getByRole('group', { name: 'The reply it would send' })).toHaveText(CLOSED_REPLY);
    await expect(result).not.toHaveAttribute('data-reason');

    // Opened again, the form shows the schedule, the holiday and the zone as they were saved.
    await row.getByTestId('rule-name').click();
    const edit = page.getByRole('dialog', { name: 'Edit rule' });
    await expect(edit.getByRole('textbox', { name: /^Name/ })).toHaveValue('After hours');
    await expect(edit.getByRole('radio', { name: 'Outside business hours' })).toBeChecked();
    for (const day of weekdays) {
      const hours = edit.getByRole('group', { name: day });
      if (day === openDay) {
        await expect(hours.getByLabel(`Opens on ${day}`)).toHaveValue('09:00');
        await expect(hours.getByLabel(`Closes on ${day}`)).toHaveValue('17:00');
        await expect(hours).not.toContainText('Closed');
      } else {
        await expect(hours).toContainText('Closed');
        await expect(hours.getByLabel(`Opens on ${day}`)).toHaveCount(0);
      }
    }
    await expect(edit.getByRole('listitem')).toHaveText([today.date]);
    await expect(edit.getByText('No holidays.')).toHaveCount(0);
    await expect(edit.getByRole('textbox', { name: 'Time zone' })).toHaveValue(ZONE);
    await expect(edit.getByRole('textbox', { name: 'Reply text' })).toHaveValue(CLOSED_REPLY);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });

  test('rules are reordered with the keyboard and the order holds after a reload', async ({ page, request }) => {
    test.setTimeout(60_000);
    const { email, password } = await signUpFresh(page, 'Auto Reply Tester');
    const { headers } = await workspaceOf(request, email, password);
    for (const [name, keyword] of [
      ['First', 'ONE'],
      ['Second', 'TWO'],
    ]) {
      const response = await request.post('/api/auto-reply/rules', {
        headers,
        data: {
          name,
          trigger: { type: 'keyword', match: 'exact', keywords: [keyword] },
          replyText: `Rule ${name}`,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    expect(await ruleNames(request, headers)).toEqual(['First', 'Second']);

    // One navigation: a reload right after it can cut off the page's session renewal after the
    // server rotated the refresh token, and the old token presented again signs the user out
    // (reuse detection, DESIGN §5): the login page this test once landed on.
    await page.goto('/views/auto-reply');
    const names = page.getByRole('list', { name: 'Auto-reply rules' }).getByTestId('rule-name');
    await expect(names).toHaveText(['First', 'Second']);

    // Space picks the rule up, ArrowDown moves it one place, Space drops it; each step is spoken.
    const announcement = page.getByRole('status').filter({ hasText: /^(Picked up|Rule) / });
    const handle = page.getByRole('button', { name: 'Move rule First' });
    await handle.focus();
    await expect(handle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText('Picked up rule First. It is at position 1 of 2.');
    await page.keyboard.press('ArrowDown');
    await expect(announcement).toHaveText('Rule First is over position 2 of 2.');
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/auto-reply/order'),
    );
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText('Rule First dropped at position 2 of 2.');
    expect((await saved).status()).toBe(200);
    await expect(names).toHaveText(['Second', 'First']);
    await expect(page.getByRole('listitem').filter({ hasText: 'First' })).toContainText('Priority 2');

    // The server keeps the new order, and so does the page after a reload.
    expect(await ruleNames(request, headers)).toEqual(['Second', 'First']);
    await page.reload();
    await expect(names).toHaveText(['Second', 'First']);
  });
});

// The auto-reply screen passes axe (no serious or critical violations) in the light and the dark
// theme: the list, the form with business hours open, and a Try result; without console errors
// or failed requests.
for (const theme of ['light', 'dark'] as const) {
  test(`the auto-reply screen passes axe in the ${theme} theme, without console errors`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    await signUpFresh(page, 'Auto Reply Tester');

    await page.goto('/views/auto-reply');
    await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();
    expect(await blockingViolations(page), 'empty list').toEqual([]);

    await createPriceRule(page);
    await expect(page.getByRole('list', { name: 'Auto-reply rules' })).toContainText('Prices');
    expect(await blockingViolations(page), 'list').toEqual([]);

    await page.getByRole('button', { name: 'New rule' }).first().click();
    const form = page.getByRole('dialog', { name: 'New rule' });
    await form.getByRole('radio', { name: 'Outside business hours' }).click();
    await form.getByRole('button', { name: 'Add hours on Monday' }).click();
    await form.getByRole('textbox', { name: 'Reply text' }).fill('Hi {name}, we are closed. Back at 9.');
    await expect(form.getByRole('textbox', { name: 'Holiday date' })).toBeVisible();
    expect(await blockingViolations(page), 'form with business hours').toEqual([]);
    // Saving without a name shows the errors: they must pass too.
    await form.getByRole('button', { name: 'Create rule' }).click();
    await expect(form.getByRole('alert')).toContainText('Please check the highlighted fields.');
    expect(await blockingViolations(page), 'form with errors').toEqual([]);
    await form.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('textbox', { name: 'Sender’s number' }).fill('12345');
    await page.getByRole('textbox', { name: 'Message' }).fill('PRICE');
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await expect(page.getByTestId('try-result')).toHaveAttribute('data-reason', 'short-code');
    expect(await blockingViolations(page), 'try result').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
