import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

/** A run's own numbers (+1 773 555 xxxx), so reruns on the same database never collide. */
function numbers(count: number) {
  const base = 1000 + Math.floor(Math.random() * 8000);
  return Array.from({ length: count }, (_, i) => `+1773555${String(base + i).padStart(4, '0')}`);
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test.describe('Contacts import', () => {
  test('an admin imports a CSV with one bad row, reads the report, downloads the bad row and sees the contacts', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const run = Math.random().toString(36).slice(2, 8);
    const [first, second] = numbers(2);

    await signIn(page, { to: '/views/contacts' });
    await expect(page.getByRole('table', { name: 'Contacts' })).toBeVisible();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    const chooser = dialog.getByLabel('Choose a file');

    // A file whose row is wider than its header is refused, saying where.
    await chooser.setInputFiles(csvFile('ragged.csv', `phone,name\n${first},A\n${second},B,extra\n`));
    await expect(dialog.getByRole('alert')).toContainText('Line 3 has more cells than the header');

    // Semicolons, a number without its country code on line 3.
    await chooser.setInputFiles(
      csvFile(
        `people-${run}.csv`,
        `Name;Mobile;Notes\nAda ${run};${first};vip\nBad ${run};5550100;\nGrace ${run};${second};\n`,
      ),
    );
    await expect(dialog.getByTestId('import-delimiter')).toHaveText('Separated by semicolons');
    await expect(dialog.getByRole('table')).toContainText(`Ada ${run}`);
    await expect(dialog.getByRole('textbox', { name: 'Column “Mobile” becomes' })).toHaveValue('Phone number');
    await expect(dialog.getByRole('textbox', { name: 'Column “Name” becomes' })).toHaveValue('Name');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Start import' }).click();

    const report = dialog.getByTestId('import-report');
    await expect(report).toHaveAttribute('data-state', 'completed');
    await expect(report.getByTestId('import-created')).toContainText('2');
    await expect(report.getByTestId('import-invalid')).toContainText('1');
    const invalid = report.getByRole('table', { name: 'Rows not imported' });
    await expect(invalid.getByRole('row')).toHaveCount(2);
    await expect(invalid.getByRole('row').nth(1)).toContainText('3');
    await expect(invalid.getByRole('row').nth(1)).toContainText('has no country code');

    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download invalid rows' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/invalid\.csv$/);
    const text = await readFile((await saved.path())!, 'utf8');
    expect(text).toContain(`Bad ${run},5550100`);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: 'Contacts' });
    await expect(table).toContainText(`Ada ${run}`);
    await expect(table).toContainText(`Grace ${run}`);
    await expect(table).not.toContainText(`Bad ${run}`);
  });
});
