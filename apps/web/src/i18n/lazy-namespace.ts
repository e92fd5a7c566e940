import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';
import type { Language } from './resources';

/** Dotted paths to every text of a translation object ("hero.title"…). */
export type TextKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TextFunction<T> = (key: TextKey<T>, values?: Record<string, string | number>) => string;

/**
 * A namespace that travels with the chunk that uses it rather than with the first visit's bundle
 * (index.ts namespaces are loaded on every page). The chunk registers all four languages when it
 * loads; the returned hook is its typed `t`: unknown keys fail tsc, and the other languages are
 * typed `Translation<typeof en>` in their files, so a missing translation fails tsc too.
 */
export function lazyNamespace<T extends object>(ns: string, bundles: Record<Language, T>): () => TextFunction<T> {
  for (const [language, bundle] of Object.entries(bundles)) i18n.addResourceBundle(language, ns, bundle, true, true);
  return function useNamespaceText() {
    // Re-renders on a language change like any other useTranslation user.
    const { t } = useTranslation();
    return useCallback<TextFunction<T>>(
      (key, values) => (t as unknown as (key: string, options: object) => string)(key, { ...values, ns }),
      [t],
    );
  };
}
