import { describe, expect, it } from 'vitest';
import { closingFromInput, closingInputValue, copyMondayToWeekdays, nextRange, overlappingDays } from './schedule';

describe('schedule helpers', () => {
  it('starts a closed day at 9 to 5 and puts the next range after the last one', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '09:00', end: '12:00' }])).toEqual({ start: '12:00', end: '14:00' });
    expect(nextRange([{ start: '18:00', end: '23:30' }])).toEqual({ start: '23:00', end: '24:00' });
  });

  it('copies Monday to Tuesday–Friday and leaves the weekend alone', () => {
    const monday = [{ start: '08:00', end: '12:00' }];
    const saturday = [{ start: '10:00', end: '14:00' }];
    const copied = copyMondayToWeekdays([monday, [], [], [], [], saturday, []]);
    expect(copied).toEqual([monday, monday, monday, monday, monday, saturday, []]);
    expect(copied[1]).not.toBe(monday);
  });

  it('names the days whose ranges overlap', () => {
    const week = [
      [
        { start: '09:00', end: '12:00' },
        { start: '11:00', end: '14:00' },
      ],
      [
        { start: '09:00', end: '12:00' },
        { start: '12:00', end: '14:00' },
      ],
      [],
      [],
      [],
      [],
      [],
    ];
    expect(overlappingDays(week)).toEqual([0]);
  });

  it('shows the end of the day as 00:00 in the time input and reads 00:00 back as 24:00', () => {
    expect(closingInputValue('24:00')).toBe('00:00');
    expect(closingInputValue('17:00')).toBe('17:00');
    expect(closingFromInput('00:00')).toBe('24:00');
    expect(closingFromInput('17:30')).toBe('17:30');
  });
});
