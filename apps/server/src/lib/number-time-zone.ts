import { getCountry, getTimezone } from 'countries-and-timezones';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The main zone of countries whose zones tell different times. countries-and-timezones lists a
 * country's zones alphabetically and names no main one, so for these the zone where most of the
 * country's people live (the capital's, but for Brazil and Australia) is chosen here. A unit test
 * checks that every country whose zones differ in offset is in this table.
 */
const MAIN_ZONES: Readonly<Record<string, string>> = {
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Pohnpei',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  US: 'America/New_York',
};

/** Countries the table need not name: no people to text, or no numbers of their own. */
export const COUNTRIES_WITHOUT_MAIN_ZONE: readonly string[] = ['AQ', 'TF', 'UM'];

export const mainZones = (): Readonly<Record<string, string>> => MAIN_ZONES;

/**
 * The main zone of a country (ISO 3166 alpha-2): its only zone; else the table above; else the
 * first zone the library lists whose own country it is (not another country's zone it shares,
 * as Germany shares Europe/Zurich); null for an unknown country.
 */
export function mainZoneOfCountry(country: string): string | null {
  const main = MAIN_ZONES[country];
  if (main) return main;
  const zones = getCountry(country)?.timezones ?? [];
  const own = zones.find((name) => {
    const zone = getTimezone(name);
    return zone && !zone.aliasOf && !zone.deprecated && zone.countries[0] === country;
  });
  // Heard Island lists only a deprecated link, which still names a working zone.
  return own ?? zones[0] ?? getCountry(country, { deprecated: true })?.timezones[0] ?? null;
}

// Most calling codes belong to one country, so the code alone names it. Where several share one
// (+1, +7, +44, +61 …), libphonenumber-js reads the number (~16 µs, too slow for 100,000
// recipients), and the answer is kept for the number's first digits: the 3-digit area code that
// decides the country in the North American plan, elsewhere 5 digits, deeper than any prefix
// that tells those countries apart in libphonenumber's metadata.
const countriesByCallingCode = new Map<string, string[]>();
for (const country of getCountries()) {
  const code = getCountryCallingCode(country);
  countriesByCallingCode.set(code, [...(countriesByCallingCode.get(code) ?? []), country]);
}
const zoneByPrefix = new Map<string, string | null>();
const PREFIX_CACHE_SIZE = 50_000;

function callingCodeOf(e164: string): string | null {
  for (let length = 1; length <= 3; length++) {
    const code = e164.slice(1, 1 + length);
    if (countriesByCallingCode.has(code)) return code;
  }
  return null;
}

/** The main zone of the country an E.164 number belongs to, or null when it names none. */
export function mainZoneOfNumber(e164: string): string | null {
  if (!e164.startsWith('+')) return null;
  const code = callingCodeOf(e164);
  if (code === null) return null;
  const countries = countriesByCallingCode.get(code)!;
  if (countries.length === 1) return mainZoneOfCountry(countries[0]!);
  const prefix = e164.slice(0, 1 + code.length + (code === '1' ? 3 : 5));
  const known = zoneByPrefix.get(prefix);
  if (known !== undefined) return known;
  const country = parsePhoneNumberFromString(e164)?.country;
  // A number no country claims says nothing about its neighbours: only answers are kept.
  if (!country) return null;
  const zone = mainZoneOfCountry(country);
  if (zoneByPrefix.size >= PREFIX_CACHE_SIZE) zoneByPrefix.clear();
  zoneByPrefix.set(prefix, zone);
  return zone;
}
