import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ContactListsResponse, ContactPageResponse } from '@switchboard/contract';
import { DEMO_ADMIN, DEMO_PASSWORD, signIn } from './support/auth';

/** The demo admin's bearer header, for setting up and checking through the API. */
async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: DEMO_ADMIN, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/**
 * A run's own numbers (+1 312 555 xxxx), so reruns on the same database seldom collide: one random
 * start per run and each call the next ones, so the tests of one run never share a number (a
 * random start per call once gave the 55-number batch the number an earlier test had added).
 */
let nextNumber = 1000 + Math.floor(Math.random() * 8000);
function numbers(count: number) {
  const start = nextNumber;
  nextNumber += count;
  return Array.from({ length: count }, (_, i) => `+1312555${String(start + i).padStart(4, '0')}`);
}

/** The MM/DD/YYYY hh:mm of spec §9. */
const SPEC_DATE = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

async function openContact(page: Page, name: string) {
  await page.getByRole('table', { name: 'Contacts' }).getByRole('button', { name, exact: true }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByTestId('contact-number')).toBeVisible();
  return drawer;
}

test.describe('Contacts', () => {
  test('an admin adds a contact, finds, tags and lists it, opts it out and sees the consent history', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const run = Math.random().toString(36).slice(2, 8);
    const name = `Ada ${run}`;
    const tag = `e2e-${run}`;
    const listName = `Newsletter ${run}`;
    const [number] = numbers(1);

    await signIn(page, { to: '/views/contacts' });
    await expect(page.getByRole('table', { name: 'Contacts' })).toBeVisible();

    // A list to put the contact on, from the lists manager.
    await page.getByRole('button', { name: 'Lists', exact: true }).click();
    const lists = page.getByRole('dialog', { name: 'Lists' });
    await lists.getByRole('textbox', { name: 'New list' }).fill(listName);
    await lists.getByRole('button', { name: 'Add list' }).click();
    await expect(lists.getByRole('list', { name: 'Lists' })).toContainText(listName);
    await lists.getByRole('button', { name: 'Close' }).first().click();
    await expect(lists).toBeHidden();

    // The "new contact" form refuses a number that is not international, then adds it.
    await page.getByRole('button', { name: 'New contact' }).first().click();
    const form = page.getByRole('dialog', { name: 'New contact' });
    await form.getByRole('textbox', { name: /^Number/ }).fill('312 555 0000');
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('button', { name: 'Add contact' }).click();
    await expect(form).toContainText('Enter a valid number in international format');
    await form.getByRole('textbox', { name: /^Number/ }).fill(number!);
    await form.getByRole('button', { name: 'Add contact' }).click();
    // The drawer then shows the new contact.
    const drawer = page.getByRole('dialog', { name });
    await expect(drawer.getByTestId('contact-number')).toHaveText(number!);

    // Tagged and put on the list from its drawer.
    await drawer.getByRole('textbox', { name: 'Tags' }).fill(tag);
    await drawer.getByRole('textbox', { name: 'Tags' }).press('Enter');
    // Leaving the field closes its suggestions.
    await drawer.getByRole('textbox', { name: 'Tags' }).press('Tab');
    await drawer.getByRole('textbox', { name: 'Lists' }).click();
    await page.getByRole('option', { name: listName }).click();
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Contact saved.')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect(drawer).toBeHidden();

    // Found by a part of its number; the row shows its tag and list.
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(number!.slice(-6));
    await expect(page).toHaveURL(new RegExp(`q=${number!.slice(-6)}`));
    const row = page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(tag);
    await expect(row).toContainText(listName);
    await expect(page.getByTestId('contacts-count')).toHaveText('1 contact');

    // Opted out by hand, with a confirmation; the history says who did it and when.
    const opened = await openContact(page, name);
    await expect(opened).toContainText('No opt-out or opt-in recorded yet.');
    await opened.getByRole('button', { name: 'Opt out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Opt this contact out?' });
    await confirm.getByRole('button', { name: 'Opt out' }).click();
    await expect(opened.getByText(/^Opted out since/)).toBeVisible();
    await expect(opened).toContainText('Consent history');
    await expect(opened).toContainText('By Demo Admin');
    await expect(opened.locator('time').last()).toHaveText(SPEC_DATE);
    await opened.getByRole('button', { name: 'Close' }).first().click();
    await expect(row).toContainText('Opted out');
  });

  test('select all matching across pages, add them to a list, and export the filter as CSV', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const headers = await adminHeaders(request);
    const run = Math.random().toString(36).slice(2, 8);
    const tag = `batch-${run}`;
    const listName = `Batch ${run}`;
    // More than one page (50): "all matching" must reach the contacts not loaded yet.
    const batch = numbers(55);
    for (const [i, phoneNumber] of batch.entries()) {
      const created = await request.post('/api/contacts', {
        headers,
        data: { phoneNumber, name: `Batch ${run} ${String(i).padStart(2, '0')}`, tags: [tag] },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    const list = await request.post('/api/contact-lists', { headers, data: { name: listName } });
    expect(list.status()).toBe(201);

    await signIn(page, { to: `/views/contacts?tag=${tag}` });
    await expect(page.getByTestId('contacts-count')).toHaveText('55 contacts');
    await expect(page.getByText(`Tag: ${tag}`)).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all contacts shown' }).check();
    const bar = page.getByRole('region', { name: 'Selected contacts' });
    await expect(bar).toContainText('50 selected');
    await bar.getByRole('button', { name: 'Select all 55 matching' }).click();
    await expect(bar).toContainText('All 55 matching contacts are selected.');

    await bar.getByRole('button', { name: 'Lists' }).click();
    await page.getByRole('menuitem', { name: 'Add to a list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 55 contacts to a list' });
    await dialog.getByRole('textbox', { name: 'List' }).click();
    await page.getByRole('option', { name: listName }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('55 contacts changed.')).toBeVisible();
    await expect(bar).toBeHidden();

    const { lists } = (await (await request.get('/api/contact-lists', { headers })).json()) as ContactListsResponse;
    expect(lists.find((item) => item.name === listName)?.memberCount).toBe(55);
    // Every row shows the list now, the 55th too (loaded as the table scrolls).
    const scroller = page.getByTestId('contacts-scroller');
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(page.getByRole('row').filter({ hasText: `Batch ${run} 00` })).toContainText(listName);

    // The export is the filter's CSV: a header, and one line per contact, formulas escaped.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^phone_number,name,tags,lists,/);
    expect(lines).toHaveLength(56);
    expect(csv).toContain(`'${batch[0]}`);
    expect(csv).toContain(listName);

    const page1 = (await (
      await request.get(`/api/contacts?tag=${tag}&limit=1`, { headers })
    ).json()) as ContactPageResponse;
    expect(page1.contacts[0]?.listIds).toHaveLength(1);
  });
});
