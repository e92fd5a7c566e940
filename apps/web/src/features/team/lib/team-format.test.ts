import { describe, expect, it } from 'vitest';
import { formatDay, formatWhen } from './team-format';

const LRI = '\u2066';
const PDI = '\u2069';

describe('team dates', () => {
  it('writes a birthday as MM/DD/YYYY without shifting it by a time zone', () => {
    expect(formatDay('1815-12-10')).toBe(`${LRI}12/10/1815${PDI}`);
    expect(formatDay('soon')).toBe(`${LRI}soon${PDI}`);
  });

  it('keeps a moment in one left-to-right piece', () => {
    const when = formatWhen('2026-03-10T12:34:00.000Z');
    expect(when.startsWith(LRI) && when.endsWith(PDI)).toBe(true);
    expect(when).toMatch(/^\u2066\d{2}\/\d{2}\/2026 \d{2}:\d{2}\u2069$/);
  });
});
