import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactImport, ContactImportUploadResponse } from '@switchboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anImport, stubFetch, type SentRequest } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ImportModal from './import-modal';

const ID = '00000000-0000-4000-8000-0000000000aa';
const base: ContactImport = anImport({
  id: ID,
  sizeBytes: 120,
  delimiter: 'semicolon',
  hasBom: true,
  header: ['Name', 'Mobile', 'Customer ID'],
  totalRows: 3,
});
const uploaded: ContactImportUploadResponse = {
  import: base,
  preview: [
    ['Ada', '+14155550100', 'C-1'],
    ['Bad', '12', 'C-2'],
  ],
  suggestedMapping: ['name', 'number', 'ignore'],
  rememberedMapping: ['name', 'number', 'ignore'],
};
const completed: ContactImport = {
  ...base,
  state: 'completed',
  processedRows: 3,
  created: 2,
  invalid: 1,
  invalidRows: [{ row: 3, reason: 'english', problem: 'noCountryCode', value: '12' }],
};

function api(
  upload: { status: number; body: unknown } = { status: 201, body: uploaded },
  current: ContactImport = completed,
) {
  return (request: SentRequest) => {
    const path = request.url.split('?')[0];
    if (path === '/api/contact-fields' && request.method === 'GET') return { status: 200, body: { fields: [] } };
    if (path === '/api/contact-fields') return { status: 200, body: request.body };
    if (path === '/api/contact-lists') return { status: 200, body: { lists: [] } };
    if (path === '/api/contact-tags') return { status: 200, body: { tags: [] } };
    if (path === '/api/contacts/imports') return upload;
    if (path === `/api/contacts/imports/${ID}/start`)
      return { status: 202, body: { import: { ...base, state: 'running' } } };
    if (path === `/api/contacts/imports/${ID}`) return { status: 200, body: { import: current } };
    if (path === `/api/contacts/imports/${ID}/cancel`) {
      current = { ...current, state: 'cancelled' };
      return { status: 200, body: { import: current } };
    }
    return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
  };
}

const pick = (name: string, text = 'x') =>
  fireEvent.change(screen.getByLabelText('Choose a file'), {
    target: { files: [new File([text], name, { type: 'text/csv' })] },
  });

describe('the import dialog', () => {
  beforeEach(() => {
    // jsdom has no layout: Mantine's select scrolls its selected option into view.
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('words a refused file by its problem and line, and refuses a file over 50 MB without sending it', async () => {
    const sent = stubFetch(
      api({ status: 400, body: { error: 'english', code: 'IMPORT_FILE_INVALID', importProblem: 'ragged', line: 7 } }),
    );
    renderWithProviders(<ImportModal onClose={() => {}} />);
    pick('wide.csv');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Line 7 has more cells than the header. Check that cells containing commas are quoted.',
    );

    const huge = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: 51 * 1024 * 1024 });
    const uploads = () => sent.filter((request) => request.url === '/api/contacts/imports').length;
    const before = uploads();
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [huge] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The file is larger than 50 MB.'));
    expect(uploads()).toBe(before);
  });

  it('uploads, shows the remembered columns, makes a new custom field, starts and reports', async () => {
    const sent = stubFetch(api());
    renderWithProviders(<ImportModal onClose={() => {}} />);
    pick('people.csv', 'Name;Mobile;Customer ID\nAda;+14155550100;C-1\n');

    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    expect(await within(dialog).findByText('Separated by semicolons')).toBeTruthy();
    expect(within(dialog).getByText('Columns as in your last import.')).toBeTruthy();
    const upload = sent.find((request) => request.url === '/api/contacts/imports');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(within(dialog).getByRole('textbox', { name: 'Column “Mobile” becomes' })).toHaveProperty(
      'value',
      'Phone number',
    );

    // "Customer ID" becomes a new custom field, keyed from its header.
    const target = within(dialog).getByRole('textbox', { name: 'Column “Customer ID” becomes' });
    fireEvent.click(target);
    // The options of this column's select (every column's select keeps its own list).
    const options = await waitFor(() => document.getElementById(target.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(within(options).getByRole('option', { name: 'New custom field…', hidden: true }));
    expect(await within(dialog).findByRole('textbox', { name: 'Key of the new field' })).toHaveProperty(
      'value',
      'customer_id',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Start import' }));

    await waitFor(() => expect(sent.some((request) => request.url === `/api/contacts/imports/${ID}/start`)).toBe(true));
    // The field is made first, then the import starts with it.
    const put = sent.find((request) => request.url === '/api/contact-fields' && request.method === 'PUT');
    expect(put?.body).toEqual({ fields: [{ key: 'customer_id' }] });
    expect(sent.find((request) => request.url.endsWith('/start'))?.body).toEqual({
      mapping: ['name', 'number', 'field:customer_id'],
      defaultCountry: null,
      mode: 'update',
      listId: null,
      tags: [],
    });

    const report = await within(dialog).findByTestId('import-report');
    await waitFor(() => expect(report.getAttribute('data-state')).toBe('completed'));
    expect(within(report).getByTestId('import-created').textContent).toContain('2');
    const invalid = within(report).getByRole('table', { name: 'Rows not imported' });
    expect(invalid.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain(
      '“12” has no country code (+…) and no default country was chosen.',
    );
    expect(within(report).getByRole('button', { name: 'Download invalid rows' })).toBeTruthy();
  });

  it('takes a file dropped on the zone', async () => {
    const sent = stubFetch(api());
    renderWithProviders(<ImportModal onClose={() => {}} />);
    const zone = (await screen.findByText('Drag a CSV file here, or choose one')).closest('[data-dropzone]')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.hasAttribute('data-active')).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'dropped.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Separated by semicolons')).toBeTruthy();
    const upload = sent.find((request) => request.url === '/api/contacts/imports');
    expect(((upload?.body as FormData).get('file') as File).name).toBe('dropped.csv');
  });

  it('cannot go on without exactly one number column', async () => {
    stubFetch(api({ status: 201, body: { ...uploaded, rememberedMapping: ['name', 'ignore', 'ignore'] } }));
    renderWithProviders(<ImportModal onClose={() => {}} />);
    pick('people.csv');
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    expect(await within(dialog).findByText('Choose the column that holds the phone numbers.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows a running import’s progress and cancels it', async () => {
    const running: ContactImport = {
      ...base,
      state: 'running',
      totalRows: 40_000,
      processedRows: 10_000,
      created: 10_000,
    };
    const sent = stubFetch(api(undefined, running));
    renderWithProviders(<ImportModal onClose={() => {}} />);
    pick('people.csv');
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Next' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Start import' }));

    expect(await within(dialog).findByText('10,000 of 40,000 rows')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel import' }));
    expect(await within(dialog).findByText('Import cancelled: what was written before stays.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST' && request.url.endsWith('/cancel'))).toBe(true);
  });
});
