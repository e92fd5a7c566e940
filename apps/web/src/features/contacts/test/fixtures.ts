import type { ContactEntry, ContactImport } from '@switchboard/contract';

let serial = 0;

/** A contact as the contact book's API answers it. */
export function aContact(change: Partial<ContactEntry> = {}): ContactEntry {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    id: `00000000-0000-4000-8000-00000000${n}`,
    phoneNumber: `+1415555${n}`,
    name: null,
    tags: [],
    optedOutAt: null,
    customFields: {},
    timeZone: null,
    listIds: [],
    createdAt: '2026-03-10T12:34:00.000Z',
    updatedAt: '2026-03-10T12:34:00.000Z',
    lastMessageAt: null,
    ...change,
  };
}

// The shared fetch stub, where this feature's tests have always found it.
export { stubFetch, type SentRequest } from '../../../test/stub-fetch';

/** An import as the imports API answers it: a one-row CSV just uploaded, unless changed. */
export function anImport(change: Partial<ContactImport> = {}): ContactImport {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    state: 'uploaded',
    fileName: 'people.csv',
    sizeBytes: 100,
    delimiter: 'comma',
    hasBom: false,
    header: ['phone'],
    totalRows: 1,
    processedRows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    invalid: 0,
    duplicates: 0,
    invalidRows: [],
    error: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...change,
  };
}
