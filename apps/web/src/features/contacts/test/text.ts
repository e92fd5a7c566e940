import { contacts } from '../../../i18n/locales/en/contacts';
import type { ContactsText } from '../contacts-text';

/** English texts by key, with {{values}} filled, as the namespace's `t` gives them. */
export const t: ContactsText = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], contacts);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};
