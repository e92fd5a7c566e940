import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { countSegments } from '../../src/lib/sms-segments.js';

/** What the library (the reference, with its grapheme splitting) says. */
function reference(body: string) {
  const message = new SegmentedMessage(body, 'auto');
  return {
    encoding: message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: Math.max(1, message.segmentsCount),
  };
}

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('countSegments', () => {
  it('counts the usual cases exactly', () => {
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('x'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('x'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2 });
    // An extension character takes two septets and is never cut between parts.
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments(`${'x'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments(`${'x'.repeat(152)}€${'x'.repeat(152)}`)).toEqual({ encoding: 'GSM-7', segments: 3 });
    expect(countSegments('ж'.repeat(70))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(countSegments('ж'.repeat(71))).toEqual({ encoding: 'UCS-2', segments: 2 });
  });

  it('agrees with the library on every character and on long mixed texts', () => {
    for (let code = 0; code < 0x3000; code++) {
      if (code >= 0xd800 && code < 0xe000) continue;
      const char = String.fromCharCode(code);
      expect(countSegments(char), `U+${code.toString(16)}`).toEqual(reference(char));
    }
    const next = random(13);
    const alphabet = 'abc XYZ012{}[]€^~|\\\r\n\r\nÄöü@£\f';
    for (let n = 0; n < 2_000; n++) {
      let text = '';
      const length = 100 + Math.floor(next() * 500);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(countSegments(text), JSON.stringify(text)).toEqual(reference(text));
    }
    for (let n = 0; n < 500; n++) {
      let text = 'é';
      const length = Math.floor(next() * 150);
      for (let i = 0; i < length; i++) text += 'aб😀'[Math.floor(next() * 3)];
      expect(countSegments(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });
});
