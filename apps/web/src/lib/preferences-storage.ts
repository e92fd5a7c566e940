import { LANGUAGES, LAYOUTS, NAVBAR_TYPES, PAGE_TRANSITIONS, THEMES, type UiPreferences } from '@switchboard/contract';

const KEY = 'switchboard.preferences';

const ALLOWED: { [K in keyof Required<UiPreferences>]: readonly string[] } = {
  theme: THEMES,
  layout: LAYOUTS,
  navbarType: NAVBAR_TYPES,
  transition: PAGE_TRANSITIONS,
  language: LANGUAGES,
};

/** Keeps only known keys with allowed values (storage may hold anything). */
export function sanitizePreferences(value: unknown): UiPreferences {
  if (!value || typeof value !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [key, allowed] of Object.entries(ALLOWED)) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && allowed.includes(v)) result[key] = v;
  }
  return result as UiPreferences;
}

/** The customizer's choices kept in the browser (before sign-in, and as a cache after). */
export function readPreferences(): UiPreferences {
  try {
    return sanitizePreferences(JSON.parse(localStorage.getItem(KEY) ?? '{}'));
  } catch {
    return {};
  }
}

export function readPreference<K extends keyof UiPreferences>(key: K): UiPreferences[K] {
  return readPreferences()[key];
}

export function writePreferences(update: UiPreferences): UiPreferences {
  const next = { ...readPreferences(), ...update };
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}
