import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { GSM7_REPLACEMENTS, hasGsm7Replacement, replaceWithGsm7 } from './gsm-replacements';
import { countSms } from './sms-count';

describe('replaceWithGsm7', () => {
  it('straightens quotes, shortens dashes and the ellipsis, plain-spaces special spaces', () => {
    expect(replaceWithGsm7('“Hi” it’s 9–5 — ok…\u00A0see you')).toEqual({
      text: '"Hi" it\'s 9-5 - ok... see you',
      replaced: 7,
    });
  });

  it('drops invisible characters and leaves GSM-7 text and other scripts alone', () => {
    expect(replaceWithGsm7('a\u200Bb').text).toBe('ab');
    expect(replaceWithGsm7('Café ü € {x}')).toEqual({ text: 'Café ü € {x}', replaced: 0 });
    expect(replaceWithGsm7('مرحبا 😀').replaced).toBe(0);
  });

  it('turns a UCS-2 message back into GSM-7 when only look-alikes forced UCS-2', () => {
    const text = `Don’t forget: “Tuesday” — 10:00…${'x'.repeat(100)}`;
    expect(countSms(text).encoding).toBe('UCS-2');
    const fixed = replaceWithGsm7(text).text;
    expect(countSms(fixed)).toMatchObject({ encoding: 'GSM-7', segments: 1, ucs2Characters: [] });
  });

  it('only maps to characters that GSM-7 has', () => {
    for (const [from, to] of Object.entries(GSM7_REPLACEMENTS)) {
      expect(countSms(`a${to}`).encoding, `${from} → ${to}`).toBe('GSM-7');
    }
  });
});

describe('the library table and ours', () => {
  /** sms-segments-calculator's smart encoding of a text, alone. */
  const librarys = (text: string) => new SegmentedMessage(text, 'auto', true).graphemes.join('');

  it('takes the library’s smart encoding for look-alikes our table does not list', () => {
    expect(replaceWithGsm7('ＨＩ！ ½ ＠ ❝ok❞ ５').text).toBe('HI! 1/2 @ "ok" 5');
  });

  it('keeps one space for a special space, where the library’s table puts two', () => {
    expect(librarys('a\u00A0b')).toBe('a  b');
    expect(replaceWithGsm7('a\u00A0b\u2009c').text).toBe('a b c');
  });

  it('keeps the quotation marks ‚ ‹ › quotes, where the library’s table makes them a comma and brackets', () => {
    expect(librarys('‚ja‘ ‹oui›')).toBe(",ja' <oui>");
    expect(replaceWithGsm7('‚ja‘ ‹oui›').text).toBe("'ja' 'oui'");
  });

  it('replaces the minus sign, primes, dashes and the middle dot, which the library’s table lacks', () => {
    const text = '−5 6′2″ 1‑2‒3 a·b x\u200Dy';
    expect(librarys(text)).toBe(text);
    expect(replaceWithGsm7(text)).toEqual({ text: '-5 6\'2" 1-2-3 a-b xy', replaced: 7 });
  });
});

describe('hasGsm7Replacement', () => {
  it('knows the look-alikes, not the characters without one', () => {
    expect(hasGsm7Replacement('’')).toBe(true);
    expect(hasGsm7Replacement('😀')).toBe(false);
    expect(hasGsm7Replacement('a')).toBe(false);
  });
});
