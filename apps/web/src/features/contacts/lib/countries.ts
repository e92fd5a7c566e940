/** Region codes Intl names that are not countries with phone numbers of their own. */
const NOT_COUNTRIES = new Set(['CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'UN', 'XA', 'XB', 'ZZ']);

export interface Country {
  /** ISO 3166 alpha-2, as the import's `defaultCountry` takes it. */
  code: string;
  name: string;
}

const cache = new Map<string, Country[]>();

/**
 * Every country the browser can name, in the user's language, sorted by name: every
 * two-letter code that Intl.DisplayNames knows (no list of our own to keep up to date).
 */
export function countries(language: string): Country[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const list: Country[] = [];
  for (let first = 65; first <= 90; first++)
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name) list.push({ code, name });
    }
  list.sort((a, b) => a.name.localeCompare(b.name, language));
  cache.set(language, list);
  return list;
}
