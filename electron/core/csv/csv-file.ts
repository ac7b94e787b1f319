/**
 * CSV files as shop owners have them (a spreadsheet saved as CSV): `;` or `,`, UTF-8 (with or without BOM) or
 * Windows-1252, quoted fields. Parsing is csv-parse's; this module only decodes, picks the delimiter, numbers the
 * rows as the spreadsheet shows them (header = row 1) and finds columns by name. Exports use `;` and a BOM, which
 * es-CO spreadsheets open correctly. Shared by every import (customers now; products can adopt it).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export interface CsvRow {
  /** The row number a spreadsheet shows (the header is row 1): the record's line in the file. */
  row: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
  delimiter: ';' | ',';
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

/** The delimiter the header line uses most: `;` (es-CO spreadsheets) or `,`. */
export function detectDelimiter(text: string): ';' | ',' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

export function readCsv(text: string): CsvTable {
  const delimiter = detectDelimiter(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // `info` carries each record's line, so a blank line skipped still counts as the spreadsheet row it is.
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, bom: true, info: true }) as unknown as
      Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    throw new CsvFileError({ row: line, column: null, message: `the file cannot be read as CSV near line ${line} (a quote left open?)` });
  }
  const [first, ...rest] = records;
  const header = first?.record;
  if (!header || header.every((h) => h === '')) throw new CsvFileError({ row: 1, column: null, message: 'the file is empty: the first row must name the columns' });
  return { header, delimiter, rows: rest.map(({ record, info }) => ({ row: info.lines, cells: record })) };
}

/** "Tipo de identificación" → "tipodeidentificacion": how headers are compared. */
export function headerKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface ColumnSpec<K extends string> {
  key: K;
  /** Accepted header names (compared with headerKey). */
  names: readonly string[];
  required: boolean;
}

/** Where each known column is in the header, and a problem for each required one that is missing. */
export function findColumns<K extends string>(header: readonly string[], specs: ReadonlyArray<ColumnSpec<K>>): {
  index: Partial<Record<K, number>>; problems: CsvProblem[];
} {
  const keys = header.map(headerKey);
  const index: Partial<Record<K, number>> = {};
  const problems: CsvProblem[] = [];
  for (const spec of specs) {
    const at = keys.findIndex((k) => spec.names.some((n) => headerKey(n) === k));
    if (at >= 0) index[spec.key] = at;
    else if (spec.required) problems.push({ row: 1, column: spec.names[0] ?? spec.key, message: `the column "${spec.names[0] ?? spec.key}" is missing` });
  }
  return { index, problems };
}

/** A CSV file for a spreadsheet: `;`-separated, CRLF, with a BOM so accents survive. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return `\uFEFF${stringify([header as string[], ...(rows as string[][])], { delimiter: ';', record_delimiter: '\r\n' })}`;
}
