import { describe, expect, it } from 'vitest';
import { countSms } from './sms-count';

describe('countSms', () => {
  it('counts nothing for an empty text', () => {
    expect(countSms('')).toMatchObject({ characters: 0, encoding: 'GSM-7', segments: 0, left: 160 });
  });

  it.each([
    ['a'.repeat(160), 'GSM-7', 1, 0],
    ['a'.repeat(161), 'GSM-7', 2, 306 - 161],
    ['a'.repeat(306), 'GSM-7', 2, 0],
    ['a'.repeat(307), 'GSM-7', 3, 459 - 307],
    ['ó'.repeat(70), 'UCS-2', 1, 0],
    ['ó'.repeat(71), 'UCS-2', 2, 134 - 71],
  ] as const)('splits %#: GSM-7 160/153, UCS-2 70/67', (text, encoding, segments, left) => {
    expect(countSms(text)).toMatchObject({ characters: text.length, encoding, segments, left });
  });

  it('counts the GSM-7 extension characters twice', () => {
    for (const char of ['^', '{', '}', '\\', '[', ']', '~', '|', '€']) {
      expect(countSms(char), char).toMatchObject({ characters: 1, encoding: 'GSM-7', left: 158 });
    }
    expect(countSms('€'.repeat(80))).toMatchObject({ segments: 1, left: 0 });
    expect(countSms('€'.repeat(81)).segments).toBe(2);
  });

  it('lists the characters that force UCS-2 once each, and which of them can be replaced', () => {
    const count = countSms('“Hi” 😀 “again”');
    expect(count.encoding).toBe('UCS-2');
    expect(count.ucs2Characters).toEqual(['“', '”', '😀']);
    expect(count.replaceable).toEqual(['“', '”']);
  });

  it('counts an emoji as one character but two UCS-2 units', () => {
    expect(countSms('😀')).toMatchObject({ characters: 1, encoding: 'UCS-2', segments: 1, left: 68 });
  });
});
