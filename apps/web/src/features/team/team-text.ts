import { lazyNamespace, type TextFunction } from '../../i18n/lazy-namespace';
import { team as ar } from '../../i18n/locales/ar/team';
import { team as de } from '../../i18n/locales/de/team';
import { team as en } from '../../i18n/locales/en/team';
import { team as fr } from '../../i18n/locales/fr/team';

/** The team pages' and the accept-invitation page's texts (`team` namespace), loaded with their chunks. */
export const useTeamText = lazyNamespace('team', { en, de, fr, ar });
export type TeamText = TextFunction<typeof en>;
