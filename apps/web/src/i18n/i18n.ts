import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference } from '../lib/preferences-storage';
import { isRtl, namespaces, resources, toLanguage } from './resources';

/** Sets `<html lang dir>` for the language (Arabic is right-to-left). */
export function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: toLanguage(readPreference('language')),
  fallbackLng: 'en',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);
