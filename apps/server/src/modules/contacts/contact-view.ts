import type { ConsentEvent, Contact, ContactEntry, ContactList } from '@switchboard/contract';
import type { ContactRow } from './contacts.sql.js';

export type { ContactRow } from './contacts.sql.js';

/** A contact with the lists it is on, as the contact book's statements return it. */
export type ContactEntryRow = ContactRow & { listIds: string[] | null };

export interface ConsentEventRow {
  id: string;
  optedOut: boolean;
  source: ConsentEvent['source'];
  messageId: string | null;
  userId: string | null;
  createdAt: Date | string;
}

export interface ContactListRow {
  id: string;
  name: string;
  memberCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : iso(value);

/** A contact row as the inbox shows it. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    name: row.name,
    tags: row.tags ?? [],
    optedOutAt: isoOrNull(row.optedOutAt),
  };
}

/** A contact row as the contact book shows it. */
export function toContactEntry(row: ContactEntryRow): ContactEntry {
  return {
    ...toContact(row),
    customFields: row.customFields ?? {},
    timeZone: row.timeZone ?? null,
    listIds: row.listIds ?? [],
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt ?? row.createdAt),
    lastMessageAt: isoOrNull(row.lastMessageAt),
  };
}

export function toConsentEvent(row: ConsentEventRow, userNames: Map<string, string>): ConsentEvent {
  return {
    id: row.id,
    optedOut: row.optedOut,
    source: row.source,
    messageId: row.messageId,
    // The message's text is messaging's: the route adds it (see contact-book.routes.ts).
    messageBody: null,
    userId: row.userId,
    userName: (row.userId && userNames.get(row.userId)) ?? null,
    createdAt: iso(row.createdAt),
  };
}

export function toContactList(row: ContactListRow): ContactList {
  return {
    id: row.id,
    name: row.name,
    memberCount: Number(row.memberCount),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
