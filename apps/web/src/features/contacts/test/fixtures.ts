import type { ContactEntry } from '@switchboard/contract';

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
