import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference } from '../lib/preferences-storage';
import { en, isRtl, loadResources, namespaces, toLanguage } from './resources';

/** Sets `<html lang dir>` for the language (Arabic is right-to-left). */
export function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en },
  lng: 'en',
  fallbackLng: 'en',
  partialBundledLanguages: true,
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Loads a language's texts once, then switches to it. */
export async function setLanguage(value: string | null | undefined): Promise<void> {
  const language = toLanguage(value);
  if (!i18n.hasResourceBundle(language, 'common')) {
    const bundle = await loadResources(language);
    for (const [ns, texts] of Object.entries(bundle)) i18n.addResourceBundle(language, ns, texts, true, true);
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** The stored language, ready before the first render (so English never flashes). */
export const initialLanguageReady: Promise<void> = setLanguage(readPreference('language')).catch((error: unknown) =>
  console.error('Could not load the chosen language; showing English.', error),
);
