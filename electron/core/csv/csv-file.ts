/**
 * CSV files as shop owners have them (a spreadsheet saved as CSV), for every import and export (products,
 * customers): `;` or `,`, UTF-8 (with or without BOM) or Windows-1252, quoted fields, line breaks inside quotes.
 * Parsing is csv-parse's; this module decodes the bytes, picks the delimiter, numbers each row as the spreadsheet
 * shows it (header = row 1, the line where the record starts), finds columns by name, and guards exports against
 * formula injection (and takes that guard off again on import, so an export reads back unchanged).
 * Numbers in cells: decimal-cell.ts.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { foldText } from '../../../shared/folded-text';

export type CsvDelimiter = ';' | ',';

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

/** UTF-8 when the bytes are valid UTF-8 (nearly never true by accident for accented Windows-1252 text), else Windows-1252. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
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

/**
 * What a spreadsheet would run as a formula (OWASP's list), also behind quotes already there: such a cell is written
 * with one more leading `'`, so a name that itself begins with `'=` keeps its quote when the guard is taken off.
 * (A CR inside a cell is read as a line break, see readCsv, so `\n` counts as a CR.)
 */
const GUARD_NEEDED = /^'*[=+\-@\t\r\n]/;
/** The guard as read back: one `'` more than the cell had. */
const GUARDED = /^'+[=+\-@\t\r\n]/;

export const guardCell = (cell: string): string => (GUARD_NEEDED.test(cell) ? `'${cell}` : cell);
export const unguardCell = (cell: string): string => (GUARDED.test(cell) ? cell.slice(1) : cell);

/**
 * A file (its bytes, or text already decoded) as a header and rows, at most `maxRows` data rows.
 * Throws CsvFileError (row and message) when it is empty, unreadable or too long.
 */
export function readCsv(file: Uint8Array | string, opts: { maxRows: number }): CsvTable {
  // One kind of line break: csv-parse miscounts lines when a quoted cell holds a CRLF.
  const text = (typeof file === 'string' ? file.replace(/^\uFEFF/, '') : decodeCsvBytes(file)).replace(/\r\n?/g, '\n');
  const delimiter = detectDelimiter(text);
  const header: string[] = [];
  const rows: CsvRow[] = [];
  let seenHeader = false;
  try {
    // Blank rows (";;;", spaces) are dropped as they are read and do not count; every other row is kept, so a file
    // over the limit is refused whole rather than cut short. The byte limit bounds what is held meanwhile.
    parse(text, {
      delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, bom: true,
      on_record: (record: string[], info: { lines: number }) => {
        if (!seenHeader) { seenHeader = true; header.push(...record.map(unguardCell)); return null; }
        if (record.every((cell) => cell.trim() === '')) return null;
        // One row past the limit is enough to refuse the file; the rest is only counted through.
        if (rows.length <= opts.maxRows) rows.push({ row: startLine(info.lines, record), cells: record.map(unguardCell) });
        return null;
      },
    });
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    throw new CsvFileError({ row: line, column: null, message: `the file cannot be read as CSV near line ${line} (a quote left open?)` });
  }
  if (header.length === 0 || header.every((h) => h === '')) throw new CsvFileError({ row: 1, column: null, message: 'the file is empty: the first row must name the columns' });
  if (rows.length > opts.maxRows) {
    throw new CsvFileError({ row: 1, column: null, message: `the file has more than ${opts.maxRows} rows; import it in parts` });
  }
  return { header, delimiter, rows };
}

/** csv-parse counts the line a record ends on; a cell with line breaks inside starts that many lines earlier. */
function startLine(endLine: number, record: readonly string[]): number {
  return endLine - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
}

/** "Tipo de identificación" → "tipodeidentificacion": how headers are compared. */
export function headerKey(name: string): string {
  return foldText(name).replace(/[^a-z0-9]/g, '');
}

export interface ColumnSpec<K extends string> {
  key: K;
  /** Accepted header names (compared with headerKey); the first is the one exports write. */
  names: readonly string[];
  required: boolean;
}

export interface FoundColumns<K extends string> {
  index: Partial<Record<K, number>>;
  /** A required column missing, or a column named twice. */
  problems: CsvProblem[];
  /** Headers that name no known column (ignored). */
  unused: string[];
}

/** Where each known column is in the header. */
export function findColumns<K extends string>(header: readonly string[], specs: ReadonlyArray<ColumnSpec<K>>): FoundColumns<K> {
  const keyOf = new Map<string, ColumnSpec<K>>();
  for (const spec of specs) for (const name of spec.names) keyOf.set(headerKey(name), spec);
  const index: Partial<Record<K, number>> = {};
  const problems: CsvProblem[] = [];
  const unused: string[] = [];
  header.forEach((name, at) => {
    const spec = keyOf.get(headerKey(name));
    if (!spec) {
      if (name.trim() !== '') unused.push(name);
    } else if (index[spec.key] !== undefined) {
      problems.push({ row: 1, column: name, message: `the column "${spec.names[0] ?? spec.key}" appears twice` });
    } else {
      index[spec.key] = at;
    }
  });
  for (const spec of specs) {
    if (spec.required && index[spec.key] === undefined) {
      problems.push({ row: 1, column: spec.names[0] ?? spec.key, message: `the column "${spec.names[0] ?? spec.key}" is missing` });
    }
  }
  return { index, problems, unused };
}

/** A CSV file for a spreadsheet: `;`-separated, CRLF, with a BOM so accents survive, no cell a formula. */
export function writeCsv(header: readonly string[], rows: Iterable<readonly string[]>): string {
  const records: string[][] = [header.map(guardCell)];
  for (const row of rows) records.push(row.map(guardCell));
  // Spaces at either end are quoted: the reader trims unquoted cells (as typed in a spreadsheet), not quoted ones.
  return `\uFEFF${stringify(records, { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[\r\n]|^\s|\s$/ })}`;
}
