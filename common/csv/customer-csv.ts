/**
 * The customer directory as a CSV file: the same columns out and in, each row held to the shared buyer rule
 * (shared/customer.ts: codes from shared/codes.ts, the DV checked, computed when the column is blank). Errors name
 * the row and the column as the spreadsheet shows them; a file with any error imports nothing.
 */
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import { ALPHANUMERIC_IDENTIFICATION_TYPES, findMunicipality } from '../../shared/codes';
import { customerInputSchema } from '../../shared/customer';
import { LIMITS } from '../../shared/limits';
import { nitCheckDigit } from '../../shared/nit';
import { findColumns, readCsv, writeCsv, type ColumnSpec, type CsvProblem } from './csv-file';

type Field = keyof InvoiceCustomer;

/** The exported header (first name of each) and the other names an owner's spreadsheet may use. */
const COLUMNS: ReadonlyArray<ColumnSpec<Field>> = [
  { key: 'identification_type', names: ['tipo_identificacion', 'tipo de identificación', 'tipo documento', 'identification_type'], required: true },
  { key: 'identification', names: ['identificacion', 'número de identificación', 'documento', 'nit', 'identification'], required: true },
  { key: 'dv', names: ['dv', 'digito de verificacion', 'check digit'], required: false },
  { key: 'name', names: ['nombre', 'razón social', 'name'], required: true },
  { key: 'person_type', names: ['tipo_persona', 'tipo de persona', 'person_type'], required: false },
  { key: 'tax_regime', names: ['regimen', 'régimen', 'responsabilidad', 'tax_regime'], required: false },
  { key: 'email', names: ['correo', 'correo electrónico', 'email', 'e-mail'], required: true },
  { key: 'municipality_code', names: ['municipio', 'código municipio', 'municipality_code', 'municipality'], required: true },
];

export interface CustomerCsvReading {
  /** Data rows read (blank rows skipped). */
  rows: number;
  customers: Array<{ row: number; customer: InvoiceCustomer }>;
  problems: CsvProblem[];
}

const cellOf = (cells: readonly string[], at: number | undefined): string => (at === undefined ? '' : (cells[at] ?? '').trim());

/** A municipality as owners write it: the DIVIPOLA code (Excel drops its leading zero: 5001 → 05001) or its name. */
function municipalityOf(text: string): string {
  if (/^\d{4}$/.test(text)) return `0${text}`;
  if (/^\d{5}$/.test(text) || text === '') return text;
  const found = findMunicipality(text);
  return found.length === 1 && found[0] ? found[0].code : text;
}

/** One row as the buyer rule sees it: blank DV computed, blank person type and regime defaulted by the type. */
function customerOf(cells: readonly string[], index: Partial<Record<Field, number>>): InvoiceCustomer {
  const type = cellOf(cells, index.identification_type);
  let identification = cellOf(cells, index.identification).replace(/[\s.]/g, '');
  let dv = cellOf(cells, index.dv);
  const withDv = /^(\d+)-(\d)$/.exec(identification);
  if (withDv?.[1] && withDv[2] && dv === '') [identification, dv] = [withDv[1], withDv[2]];
  if (dv === '' && /^\d{1,20}$/.test(identification)) dv = ALPHANUMERIC_IDENTIFICATION_TYPES.has(type) ? '0' : nitCheckDigit(identification);
  const company = type === '31';
  return {
    identification_type: type, identification, dv,
    person_type: cellOf(cells, index.person_type) || (company ? '1' : '2'),
    name: cellOf(cells, index.name).replace(/\s+/g, ' '),
    tax_regime: cellOf(cells, index.tax_regime) || (company ? '48' : '49'),
    email: cellOf(cells, index.email),
    municipality_code: municipalityOf(cellOf(cells, index.municipality_code)),
  };
}

/** Every row read and checked (the file's bytes, or its text); nothing is written here. Throws CsvFileError. */
export function readCustomerCsv(file: Uint8Array | string): CustomerCsvReading {
  const table = readCsv(file, { maxRows: LIMITS.csvFileRows });
  const { index, problems } = findColumns(table.header, COLUMNS);
  if (problems.length > 0) return { rows: 0, customers: [], problems };
  const columnName = (field: string): string | null => {
    const at = index[field as Field];
    return at === undefined ? null : (table.header[at] ?? null);
  };
  const customers: CustomerCsvReading['customers'] = [];
  const seen = new Map<string, number>();
  let rows = 0;
  for (const { row, cells } of table.rows) {
    rows += 1;
    if (cells.length > table.header.length) {
      problems.push({ row, column: null, message: `has ${cells.length} cells but the header names ${table.header.length} columns` });
      continue;
    }
    const parsed = customerInputSchema.safeParse(customerOf(cells, index));
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (reported.has(field)) continue;
        reported.add(field);
        problems.push({ row, column: columnName(field), message: issue.message });
      }
      continue;
    }
    const key = `${parsed.data.identification_type}:${parsed.data.identification}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ row, column: columnName('identification'), message: `repeats the customer of row ${first}` });
      continue;
    }
    seen.set(key, row);
    customers.push({ row, customer: parsed.data });
  }
  return { rows, customers, problems };
}

/** The directory as a CSV the import reads back unchanged. */
export function writeCustomerCsv(customers: Iterable<InvoiceCustomer>): string {
  const rows: string[][] = [];
  for (const c of customers) {
    rows.push([c.identification_type, c.identification, c.dv, c.name, c.person_type, c.tax_regime, c.email, c.municipality_code]);
  }
  return writeCsv(COLUMNS.map((c) => c.names[0] ?? c.key), rows);
}
