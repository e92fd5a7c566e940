import type { Readable } from 'node:stream';
import { IMPORT_PREVIEW_ROWS, type ImportDelimiter, type ImportFileProblem } from '@switchboard/contract';
import { parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error.js';

/**
 * Reading an uploaded CSV (csv-parse, never by hand). What is accepted, decided once for the
 * upload and the job alike:
 * - UTF-8 only (a byte order mark is noted and skipped); NUL bytes or invalid UTF-8: binary.
 * - The delimiter is the one of `, ; tab |` that splits the first rows into the most columns
 *   consistently; the quote is `"` (quotes inside an unquoted cell are kept as text).
 * - The first row is the header. Blank lines and rows of empty cells are skipped.
 * - A row shorter than the header has empty cells for the rest (spreadsheets drop trailing empty
 *   cells); a row longer than the header is accepted only when the extra cells are empty, else
 *   the file is refused: its columns would not mean what the header says.
 * - A row is at most 4 MB (a 1 MB cell is fine; the cell's own limits make it an invalid row).
 */

export const DELIMITER_CHARS: Record<ImportDelimiter, string> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' };
const MAX_RECORD_BYTES = 4 * 1024 * 1024;
/** Bytes read to detect the delimiter. */
const SAMPLE_BYTES = 64 * 1024;

/** A refused file: the English message, and the problem (and line) a client says in its own words. */
export const refuse = (importProblem: ImportFileProblem, message: string, line?: number) =>
  new AppError('IMPORT_FILE_INVALID', message, undefined, { importProblem, ...(line ? { line } : {}) });

/** csv-parse's options for a file with this delimiter. */
export function csvOptions(delimiter: ImportDelimiter): Options {
  return {
    delimiter: DELIMITER_CHARS[delimiter],
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: MAX_RECORD_BYTES,
  };
}

/** Whether the file starts with a UTF-8 byte order mark. */
export const hasUtf8Bom = (bytes: Uint8Array) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/**
 * Reads the bytes once: refuses binary (NUL) and non-UTF-8 files and empty ones; returns the
 * first bytes as text (for the delimiter) and whether a byte order mark opened it.
 */
export async function checkText(bytes: AsyncIterable<Uint8Array>): Promise<{ sample: string; hasBom: boolean }> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let sample = '';
  let first: Uint8Array | undefined;
  let size = 0;
  for await (const chunk of bytes) {
    first ??= chunk;
    size += chunk.length;
    if (chunk.includes(0)) throw refuse('binary', 'The file is binary, not a CSV text file.');
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw refuse('notUtf8', 'The file is not UTF-8 text (save it as “CSV UTF-8”).');
    }
    if (sample.length < SAMPLE_BYTES) sample = (sample + text).slice(0, SAMPLE_BYTES);
  }
  try {
    decoder.decode();
  } catch {
    throw refuse('notUtf8', 'The file is not UTF-8 text (save it as “CSV UTF-8”).');
  }
  const hasBom = !!first && hasUtf8Bom(first);
  if (hasBom) sample = sample.slice(1);
  if (size === 0 || sample.trim() === '') throw refuse('empty', 'The file is empty.');
  return { sample, hasBom };
}

/** The delimiter that splits the first rows into the most columns, consistently. */
export function detectDelimiter(sample: string): ImportDelimiter {
  // A sample cut mid-row would count that row short: keep whole lines (all of it when it is short).
  const cut = sample.length >= SAMPLE_BYTES ? sample.slice(0, sample.lastIndexOf('\n') + 1) || sample : sample;
  let best: { delimiter: ImportDelimiter; score: number } = { delimiter: 'comma', score: 0 };
  for (const delimiter of Object.keys(DELIMITER_CHARS) as ImportDelimiter[]) {
    let records: string[][];
    try {
      records = parseSync(cut, { ...csvOptions(delimiter), to_line: 50 }) as string[][];
    } catch {
      continue;
    }
    const width = records[0]?.length ?? 0;
    if (width < 2) continue;
    const consistent = records.filter((record) => record.length === width).length / records.length;
    const score = consistent * 1000 + width;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

export interface ParsedRow {
  /** The row's line in the file (where it ends; the header is line 1); 0 when lines are not counted. */
  line: number;
  cells: string[];
}

/** A row wider than the header, met while lines were not counted (see summarise). */
class RaggedRow extends Error {}

/**
 * Line breaks in a record's raw text (with the blank lines before it): `\r\n`, `\r` or `\n`, each one
 * break. (csv-parse's raw text ends a record at the `\r` of a `\r\n`.)
 */
const LINE_BREAK = /\r\n?|\n/g;
const lineBreaks = (raw: string) => raw.match(LINE_BREAK)?.length ?? 0;

/** A row of empty cells, skipped (here, not by csv-parse, so that its lines still count). */
const isEmptyRecord = (record: string[]) => record.every((cell) => cell.trim() === '');

/**
 * The rows after the header, as csv-parse reads them; ragged rows refused (see above). `lines`:
 * whether each row says its line, counted from the raw text of every record, skipped ones too
 * (csv-parse's per-row `info` costs ~60 % more than the parse, `raw` ~15 %; and `info` counts a
 * quoted `\r\n` as two lines). A row's line is the one it ends on: 1 + the line breaks before its
 * own closing one.
 */
export async function* readRows(
  source: Readable,
  delimiter: ImportDelimiter,
  onHeader: (header: string[]) => void,
  { lines = true }: { lines?: boolean } = {},
): AsyncGenerator<ParsedRow> {
  let width = -1;
  let breaksBefore = 0;
  // Rows of empty cells are skipped below, where a skipped row's lines still count.
  const parser = source.pipe(parse({ ...csvOptions(delimiter), raw: lines, skip_records_with_empty_values: false }));
  source.on('error', (error) => parser.destroy(error));
  try {
    for await (const item of parser as AsyncIterable<string[] | { record: string[]; raw: string }>) {
      let record: string[];
      let line = 0;
      if (Array.isArray(item)) record = item;
      else {
        record = item.record;
        const breaks = lineBreaks(item.raw);
        const closed = item.raw.endsWith('\n') || item.raw.endsWith('\r');
        line = 1 + breaksBefore + breaks - (closed ? 1 : 0);
        breaksBefore += breaks;
      }
      if (isEmptyRecord(record)) continue;
      if (width < 0) {
        width = record.length;
        onHeader(record.map((cell) => cell.trim()));
        continue;
      }
      if (record.length > width && record.slice(width).some((cell) => cell.trim() !== '')) {
        if (!lines) throw new RaggedRow();
        throw refuse('ragged', `Line ${line} has ${record.length} cells but the header has ${width}.`, line);
      }
      yield { line, cells: record.slice(0, width) };
    }
  } catch (error) {
    if (error instanceof AppError || error instanceof RaggedRow) throw error;
    const { message, code, lines } = error as { message?: string; code?: string; lines?: number };
    if (code?.startsWith('CSV_')) throw refuse('unreadable', `The CSV cannot be read: ${message}`, lines);
    throw error;
  }
}

export interface FileSummary {
  header: string[];
  preview: string[][];
  totalRows: number;
}

/**
 * The whole file read once: its header, first rows and row count; bad files refused. Lines are
 * not counted on the way (a fifth of an upload's time): a row wider than the header has the file
 * read again from `open`, counting them, to say which line it is.
 */
export async function summarise(
  open: () => Readable | Promise<Readable>,
  delimiter: ImportDelimiter,
): Promise<FileSummary> {
  try {
    return await summariseRows(await open(), delimiter, false);
  } catch (error) {
    if (error instanceof RaggedRow) return summariseRows(await open(), delimiter, true);
    throw error;
  }
}

async function summariseRows(source: Readable, delimiter: ImportDelimiter, lines: boolean): Promise<FileSummary> {
  let header: string[] = [];
  const preview: string[][] = [];
  let totalRows = 0;
  for await (const row of readRows(source, delimiter, (h) => (header = h), { lines })) {
    totalRows++;
    if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(row.cells);
  }
  if (!header.length) throw refuse('empty', 'The file is empty.');
  if (!totalRows) throw refuse('noRows', 'The file has a header but no rows.');
  return { header, preview, totalRows };
}
