/**
 * Plain values with no zod, so the web app can use them in its first chunk without loading the
 * schema library (this package is `sideEffects: false`; importing only these keeps zod out).
 */
export const USER_ROLES = ['admin', 'editor'] as const;
export type Role = (typeof USER_ROLES)[number];

/** Rules of the spec's route table: `admin` allows admins only, `editor` allows editors and admins. */
export function roleSatisfies(role: Role, rule: Role): boolean {
  return rule === 'editor' || role === 'admin';
}

export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export const LAYOUTS = ['horizontal', 'vertical'] as const;
export const NAVBAR_TYPES = ['floating', 'sticky', 'static', 'hidden'] as const;
export const PAGE_TRANSITIONS = ['zoom-fade', 'slide-fade', 'fade', 'none'] as const;
export const LANGUAGES = ['en', 'de', 'fr', 'ar'] as const;
