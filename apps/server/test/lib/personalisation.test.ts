import { describe, expect, it } from 'vitest';
import { parseTemplate, personalise, templateVariables } from '@switchboard/contract';
import { SegmentedMessage } from 'sms-segments-calculator';
import { countSegments, isOneUnitPerGrapheme, splitSegments } from '../../src/lib/sms-segments.js';

describe('parseTemplate', () => {
  it('splits a text into literal pieces and variables, in order', () => {
    expect(parseTemplate('Hi {name|there}, your code is {code}.')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'variable', key: 'name', fallback: 'there', source: '{name|there}' },
      { kind: 'text', text: ', your code is ' },
      { kind: 'variable', key: 'code', fallback: null, source: '{code}' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads an empty default as a default (the variable then disappears)', () => {
    expect(parseTemplate('{name|}')).toEqual([{ kind: 'variable', key: 'name', fallback: '', source: '{name|}' }]);
  });

  it('leaves braces that hold no variable as text', () => {
    for (const text of ['{}', '{ name }', '{Name}', '{1st}', '{name', 'name}', '{{name}', '{a-b}', '{na me}']) {
      const parts = parseTemplate(text);
      expect(
        parts.filter((part) => part.kind === 'variable').map((part) => part.source),
        text,
      ).toEqual(text === '{{name}' ? ['{name}'] : []);
      expect(parts.map((part) => (part.kind === 'text' ? part.text : part.source)).join('')).toBe(text);
    }
  });

  it('keeps a text without variables whole, and an empty text empty', () => {
    expect(parseTemplate('Sale ends Friday!')).toEqual([{ kind: 'text', text: 'Sale ends Friday!' }]);
    expect(parseTemplate('')).toEqual([]);
  });

  it('lists each variable once, in order of first use', () => {
    expect(templateVariables('{name}, {city|your town}: {name|friend} {number}')).toEqual(['name', 'city', 'number']);
    expect(templateVariables('No variables {here too}')).toEqual([]);
  });
});

describe('personalise', () => {
  it('puts each recipient’s values in place', () => {
    expect(personalise('Hi {name}, we will call {number}.', { name: 'Ada', number: '+4930123456' })).toEqual({
      text: 'Hi Ada, we will call +4930123456.',
      missing: [],
    });
  });

  it('uses the default when the value is missing, empty or blank', () => {
    for (const name of [undefined, null, '', '   ']) {
      expect(personalise('Hi {name|there}!', { name })).toEqual({ text: 'Hi there!', missing: [] });
    }
    expect(personalise('Hi {name|there}!', { name: 'Ada' }).text).toBe('Hi Ada!');
    expect(personalise('Hi {name|}!', {}).text).toBe('Hi !');
  });

  it('trims a value before it goes in', () => {
    expect(personalise('Hi {name}!', { name: '  Ada ' }).text).toBe('Hi Ada!');
  });

  it('names each variable without value or default once, and keeps its braces', () => {
    expect(personalise('{name}, {city} and {name} again', { city: ' ' })).toEqual({
      text: '{name}, {city} and {name} again',
      missing: ['name', 'city'],
    });
  });

  it('fills custom fields like built-in variables', () => {
    expect(personalise('Your table at {branch|our shop}: {table_no}', { table_no: '12', branch: 'Mitte' }).text).toBe(
      'Your table at Mitte: 12',
    );
  });

  it('leaves braces that are not variables alone and never reads values inside the text', () => {
    expect(personalise('{ name } {Name} {} {name}', { name: '{number}', number: '+1' })).toEqual({
      text: '{ name } {Name} {} {number}',
      missing: [],
    });
  });

  it('gives the same text from a parsed template as from the string', () => {
    const body = 'Hi {name|there}, {code}';
    const values = { name: 'Ada', code: '42' };
    expect(personalise(parseTemplate(body), values)).toEqual(personalise(body, values));
  });
});

/** Segments of the text each recipient gets; the campaign's worst case is the largest. */
const segmentsFor = (body: string, recipients: Array<Record<string, string>>) =>
  recipients.map((values) => countSegments(personalise(body, values).text));

describe('segments after personalisation (worst case per recipient)', () => {
  it('counts GSM-7 at 160 alone and 153 each when split', () => {
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments('a'.repeat(307))).toEqual({ encoding: 'GSM-7', segments: 3 });
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', segments: 1 });
  });

  it('counts a GSM-7 extension character (€ ^ { } [ ] ~ | \\) as two septets', () => {
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('€'.repeat(81))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments(`${'a'.repeat(156)}[]`).segments).toBe(1);
    expect(countSegments(`${'a'.repeat(157)}[]`).segments).toBe(2);
    expect(countSegments(`${'a'.repeat(157)}^|`).segments).toBe(2);
    expect(countSegments(`${'a'.repeat(157)}éà`).segments).toBe(1); // é and à are in the basic GSM-7 set
  });

  it('never splits an extension character across two parts', () => {
    // 152 septets + € (2) does not fit 153: the € opens the second part.
    const parts = splitSegments(`${'a'.repeat(152)}€${'b'.repeat(7)}`);
    expect(parts).toEqual(['a'.repeat(152), `€${'b'.repeat(7)}`]);
  });

  it('counts UCS-2 at 70 alone and 67 each when split, an emoji as two units', () => {
    expect(countSegments('ł'.repeat(70))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(countSegments('ł'.repeat(71))).toEqual({ encoding: 'UCS-2', segments: 2 });
    expect(countSegments('ł'.repeat(134))).toEqual({ encoding: 'UCS-2', segments: 2 });
    expect(countSegments('ł'.repeat(135))).toEqual({ encoding: 'UCS-2', segments: 3 });
    expect(countSegments('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(countSegments('😀'.repeat(36))).toEqual({ encoding: 'UCS-2', segments: 2 });
  });

  it('counts long UCS-2 texts as the library splits them, for every BMP character that stands alone', () => {
    // Each character twice and before a letter: a mark, joiner or prepended sign would share a
    // grapheme with a neighbour, and the library would count (and split) differently.
    const alone: string[] = [];
    for (let unit = 0; unit < 0x10000; unit++) {
      const char = String.fromCharCode(unit);
      if (isOneUnitPerGrapheme(char)) alone.push(`${char}${char}a`);
    }
    expect(alone.length).toBeGreaterThan(60_000);
    for (let from = 0; from < alone.length; from += 500) {
      const text = `ł${alone.slice(from, from + 500).join('')}`;
      const library = new SegmentedMessage(text, 'auto');
      expect(library.numberOfCharacters, `from ${from}`).toBe(text.length);
      expect(countSegments(text), `from ${from}`).toEqual({ encoding: 'UCS-2', segments: library.segmentsCount });
    }
    // Texts the quick count leaves to the library: a combining accent, an emoji, CR LF.
    for (const text of [`${'ł'.repeat(80)}e\u0301`, `${'ł'.repeat(80)}😀`, `${'ł'.repeat(80)}\r\n`]) {
      expect(isOneUnitPerGrapheme(text)).toBe(false);
      expect(countSegments(text).segments).toBe(new SegmentedMessage(text, 'auto').segmentsCount);
    }
  });

  it('finds the worst case where one name turns the whole text into UCS-2', () => {
    // 100 GSM-7 characters around the name: one part for Ada, two for Łucja (UCS-2, 67 a part).
    const body = `Hi {name|there}, ${'x'.repeat(94)}`;
    const counts = segmentsFor(body, [{ name: 'Ada' }, { name: 'Łucja' }, {}]);
    expect(counts).toEqual([
      { encoding: 'GSM-7', segments: 1 },
      { encoding: 'UCS-2', segments: 2 },
      { encoding: 'GSM-7', segments: 1 },
    ]);
    expect(Math.max(...counts.map((count) => count.segments))).toBe(2);
  });

  it('counts extension characters that a value brings in', () => {
    // 150 plain septets + the value: "[VIP]" adds 7 septets (brackets are two each) → 157 fits;
    // "{VIP}~" adds 9 → 159 fits; "€€€€€€" adds 12 → 162, two parts.
    const body = `${'a'.repeat(150)}{tier}`;
    expect(
      segmentsFor(body, [{ tier: '[VIP]' }, { tier: '{VIP}~' }, { tier: '€€€€€€' }]).map((c) => c.segments),
    ).toEqual([1, 1, 2]);
  });

  it('counts a default, not the variable’s braces, for a recipient without a value', () => {
    // The template's own text is 20 characters; the default makes it 165 → 2 parts.
    const body = `{name|${'d'.repeat(150)}} and 15 more..`;
    expect(countSegments(body).segments).toBe(2);
    expect(segmentsFor(body, [{ name: 'Ada' }, {}]).map((c) => c.segments)).toEqual([1, 2]);
  });
});
