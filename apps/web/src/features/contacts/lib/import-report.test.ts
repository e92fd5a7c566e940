import { describe, expect, it } from 'vitest';
import { contactImport } from '../../../i18n/locales/en/contact-import';
import type { ImportText } from '../import-text';
import { cellDirection, invalidRowText } from './import-report';

const t: ImportText = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], contactImport);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

describe('the import report', () => {
  it('words an invalid row by its code, the value kept in one piece, the limits from the contract', () => {
    const noCountry = { row: 4, reason: 'english', problem: 'noCountryCode' as const, value: '0151 2345678' };
    expect(invalidRowText(noCountry, t)).toBe(
      '“\u20680151 2345678\u2069” has no country code (+…) and no default country was chosen.',
    );
    expect(plain(invalidRowText({ row: 5, reason: 'english', problem: 'tagTooLong', value: 'x' }, t))).toBe(
      'The tag “x” is longer than 32 characters.',
    );
    expect(plain(invalidRowText({ row: 6, reason: 'english', problem: 'fieldTooLong', value: 'city' }, t))).toBe(
      'The field “city” is longer than 500 characters.',
    );
    expect(invalidRowText({ row: 7, reason: 'english', problem: 'noNumber' }, t)).toBe('No number.');
  });

  it('falls back to the server’s English reason for a row without a code', () => {
    expect(invalidRowText({ row: 2, reason: 'Something new.' }, t)).toBe('Something new.');
  });

  it('keeps numbers left to right in a right-to-left page, and lets text find its own direction', () => {
    expect(cellDirection('+44 20 7946 0958')).toBe('ltr');
    expect(cellDirection('12.5')).toBe('ltr');
    expect(cellDirection('محمد')).toBe('auto');
    expect(cellDirection('Ada')).toBe('auto');
  });
});
