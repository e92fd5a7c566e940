import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkText, detectDelimiter, readRows, summarise } from '../../src/modules/contacts/import-file.js';
import { guessMapping, readImportRow, rememberedMapping } from '../../src/modules/contacts/import-mapping.js';

const bytes = (text: string | Buffer) => Readable.from([typeof text === 'string' ? Buffer.from(text) : text]);
const BOM = '\uFEFF';

async function read(text: string | Buffer) {
  const { sample, hasBom } = await checkText(bytes(text));
  const delimiter = detectDelimiter(sample);
  return { hasBom, delimiter, ...(await summarise(() => bytes(text), delimiter)) };
}

const refusal = (promise: Promise<unknown>) =>
  expect(promise).rejects.toMatchObject({ code: 'IMPORT_FILE_INVALID', statusCode: 400 });

describe('reading an uploaded CSV', () => {
  it('notes and skips a UTF-8 byte order mark', async () => {
    const file = await read(`${BOM}phone,name\n+14155550123,Ada\n`);
    expect(file).toMatchObject({ hasBom: true, delimiter: 'comma', header: ['phone', 'name'], totalRows: 1 });
  });

  it('detects semicolons, tabs and pipes, and quoted delimiters do not fool it', async () => {
    expect((await read('phone;name;city\n+14155550123;"Doe, Jane";Paris\n')).delimiter).toBe('semicolon');
    expect((await read('phone\tname\n+14155550123\tAda\n')).delimiter).toBe('tab');
    expect((await read('phone|name\n+14155550123|Ada\n')).delimiter).toBe('pipe');
    const comma = await read('phone,name\n+14155550123,"Smith; Ada"\n');
    expect(comma.delimiter).toBe('comma');
    expect(comma.preview).toEqual([['+14155550123', 'Smith; Ada']]);
  });

  it('keeps a quoted newline inside its cell and skips blank lines', async () => {
    const file = await read('phone,note\n\n+14155550123,"line one\nline two"\n\n\n+14155550124,x\n,\n');
    expect(file.totalRows).toBe(2);
    expect(file.preview[0]).toEqual(['+14155550123', 'line one\nline two']);
  });

  it('reads ten columns of junk around the number column', async () => {
    const header = ['a', 'b', 'c', 'd', 'mobile', 'f', 'g', 'h', 'i', 'j'];
    const row = ['x', '=1+1', '@', '"', '+14155550123', '', '💥', 'ä', '-', '\\'];
    const file = await read(`${header.join(',')}\n${row.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')}\n`);
    expect(file.header).toEqual(header);
    expect(file.preview[0]).toEqual(row);
  });

  it('reads a 1 MB cell', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const file = await read(`phone,note\n+14155550123,${big}\n`);
    expect(file.preview[0]![1]).toHaveLength(1024 * 1024);
  });

  it('accepts short rows and empty trailing cells, refuses rows wider than the header', async () => {
    expect((await read('phone,name,city\n+14155550123\n+14155550124,Bo,,,\n')).totalRows).toBe(2);
    await refusal(read('phone,name\n+14155550123,Ada,extra\n'));
  });

  it('says the line of a row wider than the header, after blank lines and quoted newlines', async () => {
    await expect(
      read('phone,name\n\n+14155550123,"Ada\nLovelace"\n+14155550124,Bo\n+14155550125,Cy,extra\n'),
    ).rejects.toMatchObject({
      message: 'Line 6 has 3 cells but the header has 2.',
      details: { importProblem: 'ragged', line: 6 },
    });
  });

  it('numbers each row by the line it ends on, across blank and empty rows, quoted newlines and every line ending', async () => {
    const files: Array<[string, number[]]> = [
      ['phone,note\n+14155550123,a\n+14155550124,b\n', [2, 3]],
      ['phone,note\n\n+14155550123,"line one\nline two"\n\n\n+14155550124,x\n,\n  , \n+14155550125,y', [4, 7, 10]],
      [`${BOM}phone;note\r\n+14155550123;"a\r\nb"\r\n;\r\n\r\n+14155550124;c\r\n`, [3, 6]],
      ['phone,note\r+14155550123,a\r\r+14155550124,"b\rc"\r', [2, 5]],
    ];
    for (const [text, expected] of files) {
      const { delimiter } = await read(text);
      const lines: number[] = [];
      for await (const { line } of readRows(bytes(text), delimiter, () => {})) lines.push(line);
      expect(lines, JSON.stringify(text)).toEqual(expected);
    }
  });

  it('refuses binary, non-UTF-8, empty and header-only files', async () => {
    await refusal(read(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00])));
    await refusal(read(Buffer.from('phone,name\n+14155550123,J\xfcrgen\n', 'latin1')));
    await refusal(read(''));
    await refusal(read(`${BOM}\n\n`));
    await refusal(read('phone,name\n'));
  });
});

describe('guessing the mapping', () => {
  it('reads the header’s names in any case and language, custom fields by their key', () => {
    expect(
      guessMapping(['Mobile Number', 'First name', 'Last Name', 'Tags', 'Time zone', 'City', 'Notes'], [], ['city']),
    ).toEqual(['number', 'name', 'name', 'tags', 'timeZone', 'field:city', 'ignore']);
    expect(guessMapping(['MSISDN', 'Phone'], [], [])).toEqual(['number', 'ignore']);
  });

  it('finds the number by its cells when no header says so, and null when there is none', () => {
    expect(guessMapping(['who', 'contact'], [['Ada', '+1 415 555 0123']], [])).toEqual(['ignore', 'number']);
    expect(guessMapping(['who', 'what'], [['Ada', 'tea']], [])).toBeNull();
  });

  it('remembers the last mapping by column name, dropping fields the workspace no longer has', () => {
    const previous = { header: ['Tel', 'Wer', 'Stadt'], mapping: ['number', 'name', 'field:city'] };
    expect(rememberedMapping(['wer', 'TEL', 'Stadt', 'neu'], previous, [])).toEqual([
      'name',
      'number',
      'ignore',
      'ignore',
    ]);
    expect(rememberedMapping(['other'], previous, [])).toBeNull();
    expect(rememberedMapping(['tel'], undefined, [])).toBeNull();
  });
});

describe('a row through the mapping', () => {
  const mapping = ['number', 'name', 'name', 'tags', 'timeZone', 'field:city'] as const;
  it('joins names, splits tags, adds the import’s tags, reads numbers in the default country', () => {
    expect(
      readImportRow(['(415) 555-0123', 'Ada', 'Lovelace', 'vip; early|vip', 'Europe/London', 'London'], mapping, {
        defaultCountry: 'US',
        tags: ['imported'],
      }),
    ).toEqual({
      phoneNumber: '+14155550123',
      name: 'Ada Lovelace',
      tags: ['vip', 'early', 'imported'],
      timeZone: 'Europe/London',
      customFields: { city: 'London' },
    });
  });

  it('takes off the apostrophe a spreadsheet-safe export put before = + - @, and only there', () => {
    expect(
      readImportRow(["'+4915112345678", "'=Ada", "O'Brien", "'-minus, 'plain", '', "'@home"], mapping, { tags: [] }),
    ).toEqual({
      phoneNumber: '+4915112345678',
      name: "=Ada O'Brien",
      tags: ['-minus', "'plain"],
      timeZone: null,
      customFields: { city: '@home' },
    });
    expect(guessMapping(['who', 'contact'], [['Ada', "'+4915112345678"]], [])).toEqual(['ignore', 'number']);
  });

  it('says why a row cannot be imported', () => {
    const reason = (cells: string[], defaultCountry: string | null = null) =>
      (readImportRow(cells, mapping, { defaultCountry, tags: [] }) as { reason: string }).reason;
    expect(reason(['', 'Ada'])).toBe('No number.');
    expect(reason(['4155550123'])).toMatch(/no country code/);
    expect(reason(['+1 555'])).toMatch(/not a valid phone number/);
    expect(reason(['+14155550123', '', '', '', 'Mars/Olympus'])).toMatch(/not a time zone/);
    expect(reason(['+14155550123', 'x'.repeat(101)])).toMatch(/longer than 100/);
    expect(reason(['+14155550123', '', '', 'x'.repeat(33)])).toMatch(/longer than 32/);
    expect(reason(['+14155550123', '', '', '', '', 'x'.repeat(501)])).toMatch(/longer than 500/);
  });

  it('names each reason with a code and what it is about, for a client to word it', () => {
    const refusal = (cells: string[]) => {
      const { reason: _english, ...coded } = readImportRow(cells, mapping, { defaultCountry: null, tags: [] }) as {
        reason: string;
      };
      return coded;
    };
    expect(refusal(['', 'Ada'])).toEqual({ problem: 'noNumber' });
    expect(refusal(['4155550123'])).toEqual({ problem: 'noCountryCode', value: '4155550123' });
    expect(refusal(['+1 555'])).toEqual({ problem: 'notANumber', value: '+1 555' });
    expect(refusal(['+14155550123', '', '', '', 'Mars/Olympus'])).toEqual({
      problem: 'notATimeZone',
      value: 'Mars/Olympus',
    });
    expect(refusal(['+14155550123', '', '', '', '', 'x'.repeat(501)])).toEqual({
      problem: 'fieldTooLong',
      value: 'city',
    });
  });
});
