import { z } from 'zod';
import { LANGUAGES, LAYOUTS, NAVBAR_TYPES, PAGE_TRANSITIONS, THEMES } from './constants.js';

export const ThemeName = z.enum(THEMES).describe('Colour theme (spec §4); default light.');
export const LayoutType = z.enum(LAYOUTS).describe('Menu layout; default horizontal.');
export const NavbarType = z.enum(NAVBAR_TYPES).describe('Navbar type; default floating.');
export const PageTransition = z.enum(PAGE_TRANSITIONS).describe('Page transition; default zoom-fade.');
export const LanguageCode = z.enum(LANGUAGES).describe('Interface language; default en.');

/** The customizer's choices; they follow the user to any browser. */
export const UiPreferencesSchema = z.object({
  theme: ThemeName.optional(),
  layout: LayoutType.optional(),
  navbarType: NavbarType.optional(),
  transition: PageTransition.optional(),
  language: LanguageCode.optional(),
});
export type UiPreferences = z.infer<typeof UiPreferencesSchema>;

export const MAX_BOOKMARKS = 100;
/** Starred pages as app paths (e.g. `/apps/chat`), in the order they were starred. */
export const BookmarksSchema = z
  .array(
    z
      .string()
      .regex(/^\/[^/]/, { error: 'must be an app path starting with /' })
      .max(200),
  )
  .max(MAX_BOOKMARKS)
  .refine((paths) => new Set(paths).size === paths.length, { error: 'bookmarks must not repeat' })
  .describe('Starred pages in starring order; the bookmarks bar shows the first 10.');

export const PreferencesSchema = z.object({ ui: UiPreferencesSchema, bookmarks: BookmarksSchema });
export type Preferences = z.infer<typeof PreferencesSchema>;

/** PATCH body: `ui` keys are merged into the stored ones; `bookmarks` replaces the list. */
export const UpdatePreferencesBodySchema = z.object({
  ui: UiPreferencesSchema.optional(),
  bookmarks: BookmarksSchema.optional(),
});
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;
