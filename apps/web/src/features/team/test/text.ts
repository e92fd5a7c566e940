import { team } from '../../../i18n/locales/en/team';
import type { TeamText } from '../team-text';

/** English texts by key, with {{values}} filled, as the namespace's `t` gives them. */
export const t: TeamText = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], team);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};
