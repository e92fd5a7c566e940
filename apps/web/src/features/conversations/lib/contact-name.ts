import type { Contact } from '@switchboard/contract';

/** Left-to-right isolate: keeps "+1…" whole inside right-to-left (Arabic) text. */
const LTR_ISOLATE = (text: string) => `\u2066${text}\u2069`;

/** What a contact is called in texts (titles, notifications): the name, else the number. */
export function contactLabel(contact: Contact): string {
  return contact.name || LTR_ISOLATE(contact.phoneNumber);
}
