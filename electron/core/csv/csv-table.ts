/**
 * A CSV file as owners have it (`;` or `,`, quoted or not) turned into rows with their line numbers in the file,
 * through csv-parse (a well-kept parser: quotes, escaped quotes and line breaks inside cells). Shared by every
 * import (products, customers), so they all read files the same way.
 */
import { parse } from 'csv-parse/sync';

export type CsvDelimiter = ';' | ',';

export interface CsvRow {
  /** Line number in the file where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  delimiter: CsvDelimiter;
  header: string[];
  rows: CsvRow[];
}

export class CsvFileError extends Error {
  override readonly name = 'CsvFileError';
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

export function readCsvTable(text: string, opts: { maxRows: number }): CsvTable {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') throw new CsvFileError('The file is empty.');
  const delimiter = detectDelimiter(body);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(body, {
      delimiter, info: true, relax_column_count: true, skip_empty_lines: true, bom: true,
      to: opts.maxRows + 1,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    throw new CsvFileError(`The file could not be read as CSV: ${(error as Error).message}`);
  }
  const [first, ...rest] = records;
  if (!first) throw new CsvFileError('The file is empty.');
  const rows = rest
    .map(({ record, info }) => ({ line: startLine(info.lines, record), cells: record }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length > opts.maxRows) throw new CsvFileError(`The file has more than ${opts.maxRows} rows; split it in parts.`);
  return { delimiter, header: first.record.map((h) => h.trim()), rows };
}

/** csv-parse counts the line a record ends on; a cell with line breaks inside starts earlier. */
function startLine(endLine: number, record: string[]): number {
  const breaks = record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return endLine - breaks;
}
