/**
 * Reading a CSV file as shop owners have them, a chunk at a time: `;` or `,`, UTF-8 (with or without BOM) or
 * Windows-1252, quoted fields, line breaks inside quotes. A 20 MB catalog is never one string: its bytes are read
 * from disk (or memory) in 64 KB chunks, recoded to UTF-8 bytes where needed, and handed to csv-parse's incremental
 * parser, and each row goes to the caller as it is read. Parsing is csv-parse's; this module decodes, picks the delimiter, numbers each row as the
 * spreadsheet shows it (header = row 1, the line where the record starts) and skips blank rows.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { Parser } from 'csv-parse';

export type CsvDelimiter = ';' | ',';

/** A file's bytes: in memory (an inline call, a test) or a file on disk (an upload), read a chunk at a time. */
export type CsvSource = Uint8Array | { path: string };

export interface CsvRow {
  /** The row number a spreadsheet shows (the header is row 1): the line in the file where the record starts. */
  row: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  /** Data rows; blank ones are skipped (their line still counts). */
  rows: CsvRow[];
  delimiter: CsvDelimiter;
}

/** A problem with a row and a column, as the owner will look for it in the spreadsheet. */
export interface CsvProblem {
  row: number;
  /** The column's header as written in the file; null when the problem is the row or the file itself. */
  column: string | null;
  message: string;
}

export class CsvFileError extends Error {
  override readonly name = 'CsvFileError';
  constructor(readonly problem: CsvProblem) {
    super(problem.message);
  }
}

/** The export's formula guard as read back: one `'` more than the cell had (see csv-file.ts's guardCell). */
const GUARDED = /^'+[=+\-@\t\r\n]/;
export const unguardCell = (cell: string): string => (cell.charCodeAt(0) === 0x27 && GUARDED.test(cell) ? cell.slice(1) : cell);

/**
 * Small chunks on purpose: every chunk is turned into short-lived copies (line breaks, the parser's own buffer), and
 * at 64 KB those stay in the young generation and in malloc's reusable bins instead of growing the process.
 */
const CHUNK_BYTES = 64 * 1024;

function* chunksOf(source: CsvSource): Generator<Uint8Array> {
  if (source instanceof Uint8Array) {
    for (let at = 0; at < source.length; at += CHUNK_BYTES) yield source.subarray(at, at + CHUNK_BYTES);
    return;
  }
  const fd = openSync(source.path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (read === 0) return;
      // Each chunk is used up before the next read, so one buffer serves them all.
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

type Encoding = 'utf-8' | 'windows-1252';

/** How many bytes at the end begin a UTF-8 sequence that the next chunk completes. */
function openSequenceAtEnd(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** UTF-8 when the bytes are valid UTF-8 (nearly never true by accident for accented Windows-1252 text), else Windows-1252. */
function encodingOf(source: CsvSource): Encoding {
  let carry: Uint8Array = new Uint8Array(0);
  for (const chunk of chunksOf(source)) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const open = openSequenceAtEnd(bytes);
    if (!isUtf8(bytes.subarray(0, bytes.length - open))) return 'windows-1252';
    carry = Uint8Array.from(bytes.subarray(bytes.length - open));
  }
  return carry.length === 0 ? 'utf-8' : 'windows-1252';
}

/** Each Windows-1252 byte as UTF-8 bytes (the decoder's own table, so € and the curly quotes come out right). */
const WINDOWS_1252 = (() => {
  const text = new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, i) => i));
  return Array.from(text, (ch) => Buffer.from(ch, 'utf8'));
})();

/** The whole file as text (small files: a customer list, a test). */
export function decodeCsvBytes(bytes: Uint8Array): string {
  return new TextDecoder(encodingOf(bytes)).decode(bytes).replace(/^\uFEFF/, '');
}

/** The delimiter of the header line: whichever of `;` and `,` appears more often outside quotes (`;` on a tie). */
export function detectDelimiter(text: string): CsvDelimiter {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons += 1;
    else if (!quoted && ch === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

const CR = 13;
const LF = 10;

/**
 * The file as UTF-8 bytes a chunk at a time, without its BOM and with one kind of line break (csv-parse miscounts
 * lines when a quoted cell holds a CRLF): Windows-1252 is recoded byte by byte, CRLF and a lone CR become LF.
 */
function* utf8ChunksOf(source: CsvSource | string, onBytes?: (bytes: Uint8Array) => void): Generator<Buffer> {
  if (typeof source === 'string') {
    yield Buffer.from(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), 'utf8');
    return;
  }
  const recode = encodingOf(source) === 'windows-1252';
  let first = true;
  let pendingCr = false;
  for (let chunk of chunksOf(source)) {
    onBytes?.(chunk);
    if (first && !recode && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    first = false;
    const out = Buffer.allocUnsafe(recode ? chunk.length * 3 + 1 : chunk.length + 1);
    let at = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] ?? 0;
      if (pendingCr) {
        pendingCr = false;
        out[at++] = LF;
        if (byte === LF) continue;
      }
      if (byte === CR) pendingCr = true;
      else if (byte < 0x80 || !recode) out[at++] = byte;
      else {
        const utf8 = WINDOWS_1252[byte] as Buffer;
        utf8.copy(out, at);
        at += utf8.length;
      }
    }
    if (at > 0) yield out.subarray(0, at);
  }
  if (pendingCr) yield Buffer.from([LF]);
}

export interface CsvReadResult {
  header: string[];
  delimiter: CsvDelimiter;
  /** Data rows read (blank ones do not count). */
  rows: number;
}

/** What csv-parse's incremental API offers beside the stream (its typings describe only the stream). */
interface IncrementalParser {
  api: {
    parse(chunk: Buffer | undefined, end: boolean, push: (record: string[]) => void, close: () => void): Error | undefined;
    info: { lines: number };
  };
}

/**
 * Reads the file through, calling `onHeader` once and `onRow` for each data row, in file order; blank rows
 * (";;;", spaces) are skipped and do not count. Nothing but the current chunk and row is held. A file with more
 * than `maxRows` data rows is refused as soon as the next one is read (so it is refused whole, never cut short).
 * Throws CsvFileError (row and message) when it is empty, unreadable or too long; what the callbacks throw, as is.
 */
export function eachCsvRow(
  file: CsvSource | string,
  opts: {
    maxRows: number;
    onHeader?: (header: string[], delimiter: CsvDelimiter) => void;
    onRow: (row: CsvRow) => void;
    /** The file's bytes as they are read, before any recoding (to take its digest on the way). */
    onBytes?: (bytes: Uint8Array) => void;
  },
): CsvReadResult {
  let delimiter: CsvDelimiter | null = null;
  let parser: IncrementalParser | null = null;
  let header: string[] | null = null;
  let rows = 0;
  let thrown: { error: unknown } | null = null;

  const push = (record: string[]) => {
    if (thrown || !parser) return;
    try {
      if (header === null) {
        header = record.map(unguardCell);
        if (header.every((h) => h === '')) throw emptyFile();
        opts.onHeader?.(header, delimiter ?? ';');
        return;
      }
      if (isBlank(record)) return;
      rows += 1;
      if (rows > opts.maxRows) {
        throw new CsvFileError({ row: 1, column: null, message: `the file has more than ${opts.maxRows} rows; import it in parts` });
      }
      // The parser's array is this row's alone: unguarded in place rather than copied.
      for (let i = 0; i < record.length; i++) record[i] = unguardCell(record[i] ?? '');
      opts.onRow({ row: startLine(parser.api.info.lines, record), cells: record });
    } catch (error) {
      thrown = { error };
    }
  };
  const feed = (chunk: Buffer | undefined, end: boolean) => {
    const error = parser?.api.parse(chunk, end, push, () => {});
    if (thrown) throw thrown.error;
    if (error !== undefined) {
      const lines = (error as unknown as { lines?: unknown }).lines;
      const line = typeof lines === 'number' ? lines : 1;
      throw new CsvFileError({ row: line, column: null, message: `the file cannot be read as CSV near line ${line} (a quote left open?)` });
    }
  };

  for (const chunk of utf8ChunksOf(file, opts.onBytes)) {
    if (parser === null) {
      // The header line decides (the first chunk holds it, or as much of it as a delimiter count needs).
      delimiter = detectDelimiter(chunk.toString('utf8'));
      parser = new Parser({ delimiter, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as IncrementalParser;
    }
    feed(chunk, false);
  }
  feed(undefined, true);
  if (header === null) throw emptyFile();
  return { header, delimiter: delimiter ?? ';', rows };
}

/** A row of empty cells (";;;", spaces); the parser has trimmed each cell already. */
function isBlank(record: readonly string[]): boolean {
  for (const cell of record) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}

const emptyFile = () => new CsvFileError({ row: 1, column: null, message: 'the file is empty: the first row must name the columns' });

/** A small file held whole (a customer list): header and rows, at most `maxRows` data rows. Throws as eachCsvRow. */
export function readCsv(file: CsvSource | string, opts: { maxRows: number }): CsvTable {
  const rows: CsvRow[] = [];
  const read = eachCsvRow(file, { maxRows: opts.maxRows, onRow: (row) => rows.push(row) });
  return { header: read.header, delimiter: read.delimiter, rows };
}

/** csv-parse counts the line a record ends on; a cell with line breaks inside starts that many lines earlier. */
function startLine(endLine: number, record: readonly string[]): number {
  let breaks = 0;
  for (const cell of record) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) breaks += 1;
  return endLine - breaks;
}
