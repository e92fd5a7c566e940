import parseRange from 'range-parser';
import type { ByteRange } from '../../lib/file-storage.js';

export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'partial'; range: ByteRange }
  /** 416: a well-formed range that lies outside the file. */
  | { kind: 'unsatisfiable' };

/** `first-last` with last < first: invalid syntax (RFC 9110 §14.1.1), so the header is ignored. */
const BACKWARDS = /^bytes=\s*(\d+)\s*-\s*(\d+)\s*$/i;

/**
 * Reads a `Range` header for a file of `size` bytes with `range-parser` (the parser of `send`
 * and Express). One range is served (206); several ranges, other units and malformed headers
 * are ignored and the whole file is sent (a server may always do that; players and wavesurfer
 * ask for one range); a range that lies outside the file is 416.
 */
export function rangeRequestOf(header: string | undefined, size: number): RangeRequest {
  const trimmed = header?.trim();
  // Other units are ignored before parsing: range-parser reports an out-of-file range of any unit as -1.
  if (!trimmed || !/^bytes=/i.test(trimmed)) return { kind: 'whole' };
  const backwards = BACKWARDS.exec(trimmed);
  if (backwards && Number(backwards[2]) < Number(backwards[1])) return { kind: 'whole' };
  const ranges = parseRange(size, trimmed);
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.length !== 1) return { kind: 'whole' };
  const { start, end } = ranges[0]!;
  return { kind: 'partial', range: { start, end } };
}
