import { describe, expect, it } from 'vitest';
import { levelPieces } from '../../src/modules/analytics/rollup-levels.js';

const at = (iso: string) => new Date(iso);
const view = (pieces: ReturnType<typeof levelPieces>) =>
  pieces.map((p) => `${p.level} ${p.from.toISOString().slice(0, 13)}–${p.to.toISOString().slice(0, 13)}`);

describe('reading a range at the coarsest roll-up level', () => {
  it('reads the whole UTC days inside each bucket by day and the partial days by hour', () => {
    // Two 3-day periods in New York (UTC−5 in winter): local midnight is 05:00 UTC.
    const pieces = levelPieces({
      starts: [at('2026-01-01T05:00Z'), at('2026-01-04T05:00Z')],
      end: at('2026-01-07T05:00Z'),
    });
    expect(view(pieces)).toEqual([
      'hour 2026-01-01T05–2026-01-02T00',
      'day 2026-01-02T00–2026-01-04T00',
      'hour 2026-01-04T00–2026-01-05T00', // the boundary's day: split between the periods
      'day 2026-01-05T00–2026-01-07T00',
      'hour 2026-01-07T00–2026-01-07T05',
    ]);
  });

  it('merges the days of adjacent UTC buckets and reads short buckets by hour', () => {
    expect(
      view(levelPieces({ starts: [at('2026-01-01T00:00Z'), at('2026-01-02T00:00Z')], end: at('2026-01-03T00:00Z') })),
    ).toEqual(['day 2026-01-01T00–2026-01-03T00']);
    expect(
      view(levelPieces({ starts: [at('2026-01-01T05:00Z'), at('2026-01-02T05:00Z')], end: at('2026-01-03T05:00Z') })),
    ).toEqual(['hour 2026-01-01T05–2026-01-03T05']);
  });

  it('covers the span exactly, without gaps or overlaps', () => {
    const starts = [at('2026-03-01T05:30Z'), at('2026-03-09T04:30Z'), at('2026-03-20T04:30Z')];
    const end = at('2026-04-02T04:30Z');
    const pieces = levelPieces({ starts, end });
    expect(pieces[0]!.from).toEqual(starts[0]);
    expect(pieces.at(-1)!.to).toEqual(end);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.from).toEqual(pieces[i - 1]!.to);
    for (const p of pieces.filter((p) => p.level === 'day')) {
      expect(p.from.getTime() % 86_400_000).toBe(0);
      expect(p.to.getTime() % 86_400_000).toBe(0);
    }
  });
});
