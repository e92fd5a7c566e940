import { ar } from './locales/ar';
import { de } from './locales/de';
import { en } from './locales/en';
import { fr } from './locales/fr';
import type { Translation } from './types';

export const LANGUAGES = ['en', 'de', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** English is the source; the others must have exactly its keys (checked by tsc). */
export const resources: Record<Language, Translation<typeof en>> = { en, de, fr, ar };
export const namespaces = Object.keys(en) as Array<keyof typeof en>;

export function isRtl(language: string): boolean {
  return language === 'ar';
}

export function toLanguage(value: string | null | undefined): Language {
  const short = value?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short ?? '') ? (short as Language) : 'en';
}
