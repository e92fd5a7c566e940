import type { Buckets } from './analytics.repository.js';

const DAY_MS = 86_400_000;

/** A stretch of time read from one level of a roll-up: its UTC days' rows or its UTC hours' rows. */
export interface LevelPiece {
  level: 'day' | 'hour';
  from: Date;
  /** Exclusive. */
  to: Date;
}

const floorDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const ceilDay = (t: number) => Math.ceil(t / DAY_MS) * DAY_MS;

/**
 * The buckets' span cut into pieces to read at the coarsest level that keeps every row inside one
 * bucket: the whole UTC days inside a bucket from the daily level, the hours of its partial days
 * (a local midnight is not a UTC one) from the hourly level. Adjacent pieces of one level are
 * merged. A row then counts in the same bucket as the hours it sums would have (`width_bucket`).
 */
export function levelPieces(b: Buckets): LevelPiece[] {
  const ends = [...b.starts.slice(1), b.end];
  const pieces: LevelPiece[] = [];
  const push = (level: LevelPiece['level'], from: number, to: number) => {
    if (from >= to) return;
    const last = pieces.at(-1);
    if (last?.level === level && last.to.getTime() === from) last.to = new Date(to);
    else pieces.push({ level, from: new Date(from), to: new Date(to) });
  };
  b.starts.forEach((start, i) => {
    const from = start.getTime();
    const to = ends[i]!.getTime();
    const firstDay = ceilDay(from);
    const lastDay = floorDay(to);
    if (firstDay >= lastDay) return push('hour', from, to);
    push('hour', from, firstDay);
    push('day', firstDay, lastDay);
    push('hour', lastDay, to);
  });
  return pieces;
}
