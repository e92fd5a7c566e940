import {
  MAX_CONTACT_TAGS,
  MAX_CUSTOM_FIELD_VALUE_LENGTH,
  MAX_TAG_LENGTH,
  type ImportColumnTarget,
  type InvalidRowProblem,
} from '@switchboard/contract';
import { toE164InCountry } from '../../lib/phone-number.js';

/** A header cell as a comparable word: lower case, letters and digits only. */
const normalise = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

const NUMBER_HEADERS = /phone|mobile|msisdn|number|cell|^tel|whatsapp|handy|numero|nummer|رقم|هاتف|جوال/;
const NAME_HEADERS =
  /^(name|fullname|first|firstname|last|lastname|surname|givenname|vorname|nachname|nom|prenom|اسم|الاسم)$/;
const TAG_HEADERS = /^(tags?|labels?|groups?)$/;
const ZONE_HEADERS = /^(timezone|tz|zone)$/;

/**
 * A cell as it was before a spreadsheet-safe export escaped it (ours, csv-stringify's
 * `escape_formulas`, prefixes = + - @ tab and CR with an apostrophe): `'+4915…` is `+4915…` again.
 * An apostrophe before anything else is the cell's own text.
 */
export const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A cell that reads as a phone number: digits with the usual separators, 6 digits or more. */
export const looksLikeNumber = (cell: string) =>
  /^\+?[\d\s().-]{6,}$/.test(unescapeFormula(cell.trim())) && /\d{3}/.test(cell);

/**
 * A first guess at the mapping from the header's names (and, when no name says "number", from
 * which column's cells look like phone numbers); a custom field key matches a header of the same
 * name. null when no column can be the number.
 */
export function guessMapping(header: string[], preview: string[][], fieldKeys: string[]): ImportColumnTarget[] | null {
  const keyOf = new Map(fieldKeys.map((key) => [normalise(key), key]));
  let numberTaken = false;
  const mapping = header.map((cell): ImportColumnTarget => {
    const word = normalise(cell);
    const key = keyOf.get(word);
    if (key) return `field:${key}`;
    if (!numberTaken && NUMBER_HEADERS.test(word)) {
      numberTaken = true;
      return 'number';
    }
    if (NAME_HEADERS.test(word)) return 'name';
    if (TAG_HEADERS.test(word)) return 'tags';
    if (ZONE_HEADERS.test(word)) return 'timeZone';
    return 'ignore';
  });
  if (numberTaken) return mapping;
  const byValues = header.findIndex((_, column) => {
    const cells = preview.map((row) => row[column] ?? '').filter((cell) => cell.trim() !== '');
    return cells.length > 0 && cells.filter(looksLikeNumber).length * 2 >= cells.length;
  });
  if (byValues < 0) return null;
  mapping[byValues] = 'number';
  return mapping;
}

/**
 * The last import's mapping applied to this header by column name (any case); `ignore` where a
 * column is new or maps to a custom field the workspace no longer has. null when nothing matches
 * or no number column would be left.
 */
export function rememberedMapping(
  header: string[],
  previous: { header: string[]; mapping: string[] } | undefined,
  fieldKeys: string[],
): ImportColumnTarget[] | null {
  if (!previous) return null;
  const targetOf = new Map(previous.header.map((name, i) => [normalise(name), previous.mapping[i]]));
  let numbers = 0;
  const mapping = header.map((name): ImportColumnTarget => {
    const target = targetOf.get(normalise(name));
    if (!target || (target.startsWith('field:') && !fieldKeys.includes(target.slice(6)))) return 'ignore';
    if (target === 'number' && numbers++) return 'ignore';
    return target as ImportColumnTarget;
  });
  return numbers === 1 ? mapping : null;
}

/** A row as contact values, ready for the bulk statement. */
export interface ImportedContact {
  phoneNumber: string;
  name: string | null;
  tags: string[];
  timeZone: string | null;
  customFields: Record<string, string>;
}

export interface RowOptions {
  defaultCountry?: string | null;
  /** Added to every row's own tags. */
  tags: string[];
}

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Why a row cannot be imported: the English reason, its code and what it is about. */
export interface RowRefusal {
  reason: string;
  problem: InvalidRowProblem;
  value?: string;
}

const refusal = (problem: InvalidRowProblem, reason: string, value?: string): RowRefusal =>
  value === undefined ? { reason, problem } : { reason, problem, value };

/** One row through the mapping: the contact's values, or why the row cannot be imported. */
export function readImportRow(
  cells: string[],
  mapping: readonly ImportColumnTarget[],
  options: RowOptions,
): ImportedContact | RowRefusal {
  const names: string[] = [];
  const tags = new Set<string>();
  const customFields: Record<string, string> = {};
  let number = '';
  let timeZone: string | null = null;
  for (const [column, target] of mapping.entries()) {
    const cell = unescapeFormula((cells[column] ?? '').trim()).trim();
    if (!cell || target === 'ignore') continue;
    if (target === 'number') number = cell;
    else if (target === 'name') names.push(cell);
    else if (target === 'timeZone') timeZone = cell;
    else if (target === 'tags') {
      for (const tag of cell.split(/[,;|]/)) if (tag.trim()) tags.add(tag.trim());
    } else if (cell.length > MAX_CUSTOM_FIELD_VALUE_LENGTH)
      return refusal(
        'fieldTooLong',
        `${target.slice(6)} is longer than ${MAX_CUSTOM_FIELD_VALUE_LENGTH} characters.`,
        target.slice(6),
      );
    else customFields[target.slice(6)] = cell;
  }
  if (!number) return refusal('noNumber', 'No number.');
  const phoneNumber = toE164InCountry(number, options.defaultCountry);
  if (!phoneNumber)
    return /^\s*(\+|00)/.test(number) || options.defaultCountry
      ? refusal('notANumber', `“${clip(number)}” is not a valid phone number.`, clip(number))
      : refusal(
          'noCountryCode',
          `“${clip(number)}” has no country code (+…) and no default country was chosen.`,
          clip(number),
        );
  const name = names.join(' ');
  if (name.length > 100) return refusal('nameTooLong', 'The name is longer than 100 characters.');
  if (timeZone && !isTimeZone(timeZone))
    return refusal('notATimeZone', `“${clip(timeZone)}” is not a time zone (e.g. Europe/Berlin).`, clip(timeZone));
  for (const tag of options.tags) tags.add(tag);
  const long = [...tags].find((tag) => tag.length > MAX_TAG_LENGTH);
  if (long)
    return refusal('tagTooLong', `The tag “${clip(long)}” is longer than ${MAX_TAG_LENGTH} characters.`, clip(long));
  if (tags.size > MAX_CONTACT_TAGS) return refusal('tooManyTags', `More than ${MAX_CONTACT_TAGS} tags.`);
  return { phoneNumber, name: name || null, tags: [...tags], timeZone, customFields };
}
