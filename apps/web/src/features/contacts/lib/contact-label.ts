import type { Contact } from '@switchboard/contract';
import { isolateLtr } from '../../../lib/isolate';

/**
 * How a contact is named inside a translated sentence: its name, else its number kept in one
 * left-to-right piece (in Arabic the bidi algorithm would move its "+" to the other end).
 */
export function contactLabel(contact: Pick<Contact, 'name' | 'phoneNumber'>): string {
  return contact.name ?? isolateLtr(contact.phoneNumber);
}
