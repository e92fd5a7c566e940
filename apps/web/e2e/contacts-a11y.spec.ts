import { expect, test } from '@playwright/test';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';

// The contacts page passes axe (no serious or critical violations) in the light and the dark
// theme: empty, with rows, a selection, the filters, the contact drawer with a consent history,
// the "new contact" form with an error, the lists and custom fields managers, and the CSV import's
// columns and report; without console errors or failed requests.
for (const theme of ['light', 'dark'] as const) {
  test(`the contacts page passes axe in the ${theme} theme, without console errors`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    const { email, password } = await signUpFresh(page, 'Contacts Tester');

    await page.goto('/views/contacts');
    await expect(page.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();
    expect(await blockingViolations(page), 'empty').toEqual([]);

    // A few contacts, one opted out by an admin (a consent history) and on a list.
    const login = await page.request.post('/api/auth/login', { data: { email, password } });
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const list = await page.request.post('/api/contact-lists', { headers, data: { name: 'Newsletter' } });
    const listId = ((await list.json()) as { list: { id: string } }).list.id;
    await page.request.put('/api/contact-fields', { headers, data: { fields: [{ key: 'city' }] } });
    const people = [
      { phoneNumber: '+14155550123', name: 'Maria Lopez', tags: ['vip', 'supplier', 'invoice'], listIds: [listId] },
      { phoneNumber: '+4930123456', name: 'Jonas Weber', customFields: { city: 'Berlin' } },
      { phoneNumber: '+33612345678', optedOut: true },
    ];
    for (const data of people) {
      const created = await page.request.post('/api/contacts', { headers, data });
      expect(created.status(), await created.text()).toBe(201);
    }

    await page.reload();
    const table = page.getByRole('table', { name: 'Contacts' });
    await expect(table.getByRole('row').filter({ hasText: 'Maria Lopez' })).toContainText('Newsletter');
    await expect(table.getByRole('row').filter({ hasText: '+33612345678' })).toContainText('Opted out');
    expect(await blockingViolations(page), 'table').toEqual([]);

    await table.getByRole('checkbox', { name: 'Select Maria Lopez' }).check();
    await expect(page.getByRole('region', { name: 'Selected contacts' })).toContainText('1 selected');
    expect(await blockingViolations(page), 'selection').toEqual([]);
    await page
      .getByRole('region', { name: 'Selected contacts' })
      .getByRole('button', { name: 'Clear selection' })
      .click();

    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('textbox', { name: 'Tag' })).toBeVisible();
    expect(await blockingViolations(page), 'filters').toEqual([]);
    await page.keyboard.press('Escape');

    await table.getByRole('button', { name: 'No name +33612345678' }).click();
    const drawer = page.getByRole('dialog', { name: '+33612345678' });
    await expect(drawer).toContainText('By Contacts Tester');
    expect(await blockingViolations(page), 'drawer').toEqual([]);
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('dialog', { name: 'New contact' });
    await form.getByRole('button', { name: 'Add contact' }).click();
    await expect(form).toContainText('Enter a valid number in international format');
    expect(await blockingViolations(page), 'new contact').toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    await page.getByRole('button', { name: 'Lists', exact: true }).click();
    const lists = page.getByRole('dialog', { name: 'Lists' });
    await expect(lists.getByRole('list', { name: 'Lists' })).toContainText('1 contacts');
    expect(await blockingViolations(page), 'lists').toEqual([]);
    await lists.getByRole('button', { name: 'Close' }).first().click();
    await expect(lists).toBeHidden();

    await page.getByRole('button', { name: 'Custom fields' }).click();
    const fields = page.getByRole('dialog', { name: 'Custom fields' });
    await expect(fields.getByRole('textbox', { name: 'Field key 1' })).toHaveValue('city');
    expect(await blockingViolations(page), 'custom fields').toEqual([]);
    await fields.getByRole('button', { name: 'Close' }).first().click();
    await expect(fields).toBeHidden();

    // The CSV import: its columns step (preview and targets), then the report with an invalid row.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import contacts' });
    await importer.getByLabel('Choose a file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name;Mobile;City\nLea Braun;+4915112345678;Köln\nNo Country;0151 222;Bonn\n'),
    });
    await expect(importer.getByTestId('import-delimiter')).toBeVisible();
    expect(await blockingViolations(page), 'import columns').toEqual([]);
    await importer.getByRole('button', { name: 'Next' }).click();
    await importer.getByRole('button', { name: 'Start import' }).click();
    await expect(importer.getByTestId('import-report')).toHaveAttribute('data-state', 'completed');
    await expect(importer.getByRole('table', { name: 'Rows not imported' })).toBeVisible();
    expect(await blockingViolations(page), 'import report').toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}
