/**
 * CSV files as shop owners have them (a spreadsheet saved as CSV), for every import and export (products,
 * customers): `;` or `,`, UTF-8 (with or without BOM) or Windows-1252, quoted fields, line breaks inside quotes.
 * Reading (a chunk at a time) is csv-reader.ts's; this module finds columns by name and guards exports against
 * formula injection (the reader takes that guard off again, so an export reads back unchanged).
 * Numbers in cells: decimal-cell.ts.
 */
import { stringify } from 'csv-stringify/sync';
import { foldText } from '../../shared/folded-text';
import type { CsvProblem } from './csv-reader';

export {
  CsvFileError, decodeCsvBytes, detectDelimiter, eachCsvRow, readCsv, unguardCell,
  type CsvDelimiter, type CsvProblem, type CsvRow, type CsvSource, type CsvTable,
} from './csv-reader';

/**
 * What a spreadsheet would run as a formula (OWASP's list), also behind quotes already there: such a cell is written
 * with one more leading `'`, so a name that itself begins with `'=` keeps its quote when the guard is taken off
 * (csv-reader.ts's unguardCell). (A CR inside a cell is read as a line break, so `\n` counts as a CR.)
 */
const GUARD_NEEDED = /^'*[=+\-@\t\r\n]/;

export const guardCell = (cell: string): string => (GUARD_NEEDED.test(cell) ? `'${cell}` : cell);

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
