import { LANGUAGES } from '@switchboard/contract';
import { en } from './locales/en';
import type { Translation } from './types';

export { LANGUAGES };
export type Language = (typeof LANGUAGES)[number];
export type Resources = Translation<typeof en>;

/**
 * English ships with the first visit (it is also the fallback); each other language is its own
 * chunk, loaded when chosen. Every one is typed against English, so a missing key fails tsc.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Resources>> = {
  de: () => import('./locales/de').then((m) => m.de),
  fr: () => import('./locales/fr').then((m) => m.fr),
  ar: () => import('./locales/ar').then((m) => m.ar),
};

export function loadResources(language: Language): Promise<Resources> {
  return language === 'en' ? Promise.resolve(en) : loaders[language]();
}

export { en };
export const namespaces = Object.keys(en) as Array<keyof typeof en>;

export function isRtl(language: string): boolean {
  return language === 'ar';
}

export function toLanguage(value: string | null | undefined): Language {
  const short = value?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short ?? '') ? (short as Language) : 'en';
}
