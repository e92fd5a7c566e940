import type { ByteRange } from '../../lib/file-storage.js';

export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'partial'; range: ByteRange }
  /** 416: a well-formed range that lies outside the file. */
  | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/i;

/**
 * Reads a `Range` header for a file of `size` bytes (RFC 9110 §14.1.2): one range, `a-b`, `a-` or
 * the suffix `-n`. Several ranges, other units and malformed headers are ignored and the whole
 * file is sent (a server may always do that); players and wavesurfer ask for one range.
 */
export function rangeRequestOf(header: string | undefined, size: number): RangeRequest {
  const match = header ? SINGLE.exec(header.trim()) : null;
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // The last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  // `5-1` is malformed (ignored); a start past the end of the file cannot be satisfied.
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}
