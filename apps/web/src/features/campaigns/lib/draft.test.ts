import { describe, expect, it } from 'vitest';
import { maxRate, savableChanges } from './draft';

describe('savableChanges', () => {
  it('sends valid fields and holds back the ones being typed that are not valid yet', () => {
    expect(
      savableChanges({ name: '  ', body: 'Hi {name|there}', quietHours: { start: '21:00', end: '21:00' } }),
    ).toEqual({ body: 'Hi {name|there}' });
    expect(savableChanges({ name: 'Spring', quietHours: null, ratePerSecond: 5 })).toEqual({
      name: 'Spring',
      quietHours: null,
      ratePerSecond: 5,
    });
  });

  it('refuses a rate above the contract’s maximum', () => {
    expect(savableChanges({ ratePerSecond: 100_000 })).toEqual({});
  });
});

describe('maxRate', () => {
  it('adds the chosen networks’ throughputs', () => {
    const throughputs = new Map([
      ['a', 10],
      ['b', 5],
      ['c', 100],
    ]);
    expect(maxRate(['a', 'b'], throughputs)).toBe(15);
    expect(maxRate([], throughputs)).toBe(0);
  });
});
