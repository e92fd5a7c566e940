import type { Contact } from '@switchboard/contract';
import type { ContactRow } from './contacts.sql.js';

export type { ContactRow } from './contacts.sql.js';

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** A contact row as the API shows it. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    name: row.name,
    tags: row.tags ?? [],
    optedOutAt: iso(row.optedOutAt),
  };
}
