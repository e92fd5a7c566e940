import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { AppError } from './app-error.js';

/**
 * Reads a phone number in international form (`+…` or `00…`) and returns it in E.164, or null.
 * Numbers without a country code are refused: a workspace may text any country, and guessing the
 * country would send to the wrong person.
 */
export function toE164(input: string): string | null {
  const cleaned = input.trim().replace(/^00/, '+');
  if (!cleaned.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(cleaned);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Like toE164, but a number without a country code is read as a number of `defaultCountry`
 * (ISO 3166 alpha-2), as an admin chose it for a file of contacts from one country.
 */
export function toE164InCountry(input: string, defaultCountry: string | null | undefined): string | null {
  const cleaned = input.trim().replace(/^00/, '+');
  if (cleaned.startsWith('+') || !defaultCountry) return toE164(cleaned);
  const parsed = parsePhoneNumberFromString(cleaned, defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** Like toE164, for request input: a 400 naming the number when it cannot be read. */
export function requireE164(input: string, field = 'to'): string {
  const number = toE164(input);
  if (!number) {
    throw new AppError(
      'INVALID_PHONE_NUMBER',
      `"${input}" is not a valid international phone number (e.g. +14155550123).`,
      [{ path: `body.${field}`, message: 'Not a valid international phone number.' }],
    );
  }
  return number;
}

/**
 * Normalises a sender reported by a channel. Channels report real senders, which may be short
 * codes or alphanumeric ids that are not E.164; those are kept as given (trimmed) so the message
 * is never lost.
 */
export function normaliseSender(input: string): string {
  return toE164(input) ?? toE164(`+${input.trim()}`) ?? input.trim();
}
