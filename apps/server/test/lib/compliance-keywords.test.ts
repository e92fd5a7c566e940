import { complianceKeywordOf } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';

describe('opt-out keywords', () => {
  it.each([
    ['STOP', 'opt-out'],
    ['stop', 'opt-out'],
    ['Stop.', 'opt-out'],
    [' stop ', 'opt-out'],
    ['STOP!!!', 'opt-out'],
    ['"Stop"', 'opt-out'],
    ['\tUnsubscribe\n', 'opt-out'],
    ['stopall', 'opt-out'],
    ['Cancel', 'opt-out'],
    ['end', 'opt-out'],
    ['QUIT', 'opt-out'],
    ['OptOut', 'opt-out'],
    ['revoke.', 'opt-out'],
    ['ＳＴＯＰ', 'opt-out'],
    ['START', 'opt-in'],
    ['unstop', 'opt-in'],
    ['Yes!', 'opt-in'],
    ['HELP', 'help'],
    ['info?', 'help'],
    ['STOP please', null],
    ['please stop', null],
    ['stopp', null],
    ['st op', null],
    ['opt out', null],
    ['', null],
    ['...', null],
    ['🛑', null],
    ['STOP 🛑', 'opt-out'], // symbols and emoji around the word count as punctuation
    ['yes please', null],
  ])('%j → %s', (body, expected) => {
    expect(complianceKeywordOf(body)).toBe(expected);
  });
});
