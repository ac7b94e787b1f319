/**
 * A product CSV from the owner's spreadsheet: read a chunk at a time and checked row by row with the one product rule
 * (shared/product.ts); the import's commit writes each good product as it is read (catalog-handlers.ts), inside
 * one transaction that a file with any error rolls back. Every problem names the row (its line in the file) and the column (its
 * header as written). Re-importing updates products by code; a column the file does not have keeps what the
 * product already had.
 */
import { createHash } from 'node:crypto';
import type { CatalogImportPreviewDto, CatalogProductDto, CsvRowProblemDto } from '../../../shared/bridge/types';
import { TAX_TYPES, UNIT_MEASURES, isCodeOf } from '../../../shared/codes';
import { LIMITS } from '../../../shared/limits';
import { productInputSchema, type ProductInput } from '../../../shared/product';
import { foldText } from '../../../shared/folded-text';
import { CsvFileError, eachCsvRow, findColumns, type ColumnSpec, type CsvRow, type CsvSource } from '../../../common/csv/csv-file';
import { decimalMarkDetector, readDecimalCell, writtenDecimals, type DecimalMark } from '../../../common/csv/decimal-cell';
import type { Catalog } from '../store/catalog';
import { catalogRecordOf, shelfMissMessage } from './catalog-records';
import { relieveHeap } from './heap-relief';

export type CatalogColumn =
  | 'code' | 'name' | 'barcodes' | 'unit' | 'price' | 'shelfPrice' | 'tax' | 'rate' | 'discount' | 'category' | 'active';

/** Headers owners write (compared as csv-file.ts's headerKey does: no case, accents, spaces or signs); the first is the one exports write. */
const COLUMNS: ReadonlyArray<ColumnSpec<CatalogColumn>> = [
  { key: 'code', names: ['codigo', 'code', 'sku', 'referencia', 'ref', 'codigo_producto'], required: true },
  { key: 'name', names: ['nombre', 'name', 'producto', 'descripcion', 'product'], required: true },
  { key: 'barcodes', names: ['codigos_barras', 'codigo_barras', 'codigo_de_barras', 'codigos_de_barras', 'barcode', 'barcodes', 'ean'], required: false },
  { key: 'unit', names: ['unidad', 'unit', 'unidad_medida', 'unidad_de_medida', 'unit_measure'], required: false },
  { key: 'price', names: ['precio_base', 'precio', 'price', 'base_price', 'precio_sin_iva', 'precio_sin_impuestos'], required: false },
  { key: 'shelfPrice', names: ['precio_con_impuestos', 'precio_con_iva', 'precio_publico', 'precio_venta', 'shelf_price', 'precio_al_publico'], required: false },
  { key: 'tax', names: ['impuesto', 'tax', 'tax_code', 'codigo_impuesto'], required: false },
  { key: 'rate', names: ['tarifa', 'tasa', 'porcentaje_impuesto', 'tax_rate', 'rate', 'iva', 'iva_%', '%_iva'], required: false },
  { key: 'discount', names: ['descuento', 'discount', 'descuento_%', 'discount_rate'], required: false },
  { key: 'category', names: ['categoria', 'category', 'grupo', 'linea'], required: false },
  { key: 'active', names: ['activo', 'active', 'estado'], required: false },
];

/** The headers Mostrador writes on export (and reads first). */
export const EXPORT_HEADERS = Object.fromEntries(COLUMNS.map((c) => [c.key, c.names[0] ?? c.key])) as Record<CatalogColumn, string>;

const UNIT_BY_LABEL = new Map(Object.entries(UNIT_MEASURES).map(([code, label]) => [foldText(label), code]));
const TAX_BY_NAME = new Map<string, string>([['iva', '01'], ['inc', '04'], ['ica', '03'], ['ic', '02']]);
/** Units as shops abbreviate them (folded), beside the codes and UNIT_MEASURES' own labels. */
const UNIT_ALIASES = new Map<string, string>([
  ...['und', 'un', 'und.', 'unid', 'unds', 'u', 'unidades'].map((a): [string, string] => [a, '94']),
  ...['kg', 'kgs', 'kilo', 'kilos', 'kilogramos'].map((a): [string, string] => [a, 'KGM']),
  ...['g', 'gr', 'grs', 'gramos'].map((a): [string, string] => [a, 'GRM']),
  ...['l', 'lt', 'lts', 'litros'].map((a): [string, string] => [a, 'LTR']),
  ['ml', 'MLT'], ['lb', 'LBR'], ['libras', 'LBR'], ['gal', 'GLL'], ['m', 'MTR'], ['mt', 'MTR'], ['cm', 'CMT'],
  ['doc', 'DZN'], ['docena', 'DZN'], ['caja', 'BX'], ['cj', 'BX'], ['paq', 'PK'], ['paquete', 'PK'], ['par', 'PR'],
]);
/** "7,70123E+12": a long code a spreadsheet turned into a number; its last digits are gone. */
const SCIENTIFIC = /^\d+(?:[.,]\d+)?e[+-]?\d+$/i;
const SCIENTIFIC_MESSAGE = (raw: string) =>
  `"${raw}" is a number the spreadsheet wrote in scientific notation and its digits are lost: format the column as Text and type the codes again`;
/** The bag tax is a value per bag (DIAN 22); every tax Mostrador sends is a percentage of the line. */
const PER_UNIT_MESSAGE = (raw: string) => `"${raw}" is a tax per unit (INC bolsas), not a percentage: remove it from the file`;
const YES = new Set(['si', 'sí', 's', 'yes', 'y', '1', 'true', 'x', 'activo', 'active']);
const NO = new Set(['no', 'n', '0', 'false', 'inactivo', 'inactive']);

/** How many errors and warnings an answer lists (the screen shows as many); their counts are always whole. */
export const PROBLEMS_LISTED = 200;
const SAMPLE_SIZE = 20;
/** Rows between two looks at the heap's size during a long import (heap-relief.ts). */
const RELIEF_EVERY = 1_000;

/** Which rule broke, by the schema's field, to the column it came from. */
const FIELD_COLUMN: Record<string, CatalogColumn> = {
  code: 'code', name: 'name', barcodes: 'barcodes', unitMeasure: 'unit', price: 'price', tax: 'rate',
  discountRate: 'discount', category: 'category', active: 'active',
};

/** Problems in row order, only the first PROBLEMS_LISTED kept (a bad 100 000-row file must not fill the memory). */
class ProblemList {
  private kept: CsvRowProblemDto[] = [];
  count = 0;
  add(problem: CsvRowProblemDto): void {
    this.count += 1;
    this.kept.push(problem);
    if (this.kept.length >= PROBLEMS_LISTED * 2) this.kept = this.sorted();
  }
  sorted(): CsvRowProblemDto[] {
    return this.kept.sort((a, b) => a.row - b.row).slice(0, PROBLEMS_LISTED);
  }
}

export interface CatalogImportCheckOptions {
  /** Each product the file would save, in file order, as it is read; called only while the file has no error. */
  onProduct?: (product: CatalogProductDto) => void;
  /**
   * What the preview's first pass learned of the same file: the file is then read once. Its digest is checked as
   * it is read, and a file that is not the one previewed is refused (after the last row, so nothing of it stays).
   */
  facts?: CatalogFileFacts;
  /** Told what the first pass learned (the preview keeps it for the import). */
  onFacts?: (facts: CatalogFileFacts) => void;
  /** Where the reading is, for a progress bar: the first pass in bytes read, the second in data rows checked. */
  progress?: (pass: 'reading' | 'checking', done: number) => void;
  /** Asked at the same moments: true stops the reading at once with ImportStopped (nothing more is handed on). */
  stop?: () => boolean;
}

/** Thrown out of checkCatalogImport when its `stop` said so (a cancel). */
export class ImportStopped extends Error {
  constructor() {
    super('the import was cancelled');
  }
}

/** Rows between two progress reports (and two looks at `stop`). */
const PROGRESS_EVERY = 250;

/** What the first pass learns of a file: the same for the same bytes, whatever the catalog holds. */
export interface CatalogFileFacts {
  header: string[];
  delimiter: ';' | ',';
  mark: DecimalMark;
  /** Data rows (blank ones not counted). */
  rows: number;
  /** SHA-256 of the file's bytes as read. */
  digest: string;
}

const CHANGED_SINCE_PREVIEW = 'the file changed after its preview; preview it again';

/**
 * A product file (its bytes, a file on disk, or its text) read and checked against the catalog as it is, a row at a
 * time: one pass finds the columns, counts the rows and settles the decimal mark (skipped when `facts` brings the
 * preview's); a second checks every row (and hands each good product to `onProduct`). Only the answer is kept: counts, the first problems, a sample, and what
 * the checks across rows need (each code's and barcode's row).
 */
export function checkCatalogImport(
  file: CsvSource | string,
  catalog: Pick<Catalog, 'getCatalogProduct' | 'barcodeOwners'>,
  opts: CatalogImportCheckOptions = {},
): CatalogImportPreviewDto {
  const errors = new ProblemList();
  const warnings = new ProblemList();
  const answer = (delimiter: ';' | ',' = ';', decimalMark: DecimalMark = ',', rest: Partial<CatalogImportPreviewDto> = {}): CatalogImportPreviewDto => ({
    rows: 0, creates: 0, updates: 0, sample: [], delimiter, decimalMark, ...rest,
    errors: errors.sorted(), errorCount: errors.count, warnings: warnings.sorted(), warningCount: warnings.count,
  });
  const fileProblem = (error: unknown): CatalogImportPreviewDto => {
    if (!(error instanceof CsvFileError)) throw error;
    errors.add({ ...error.problem, column: error.problem.column ?? '' });
    return answer();
  };

  let header: string[] = [];
  let columnAt = new Map<CatalogColumn, number>();
  let delimiter: ';' | ',' = ';';
  let numericAt: number[] = [];
  const takeHeader = (names: string[], found: ';' | ',') => {
    header = names;
    delimiter = found;
    const columns = findColumns(names, COLUMNS);
    columnAt = new Map(Object.entries(columns.index) as Array<[CatalogColumn, number]>);
    for (const name of columns.unused) warnings.add({ row: 1, column: name, message: 'this column is not used' });
    for (const problem of columns.problems) errors.add({ ...problem, column: problem.column ?? '' });
    numericAt = (['price', 'shelfPrice', 'rate', 'discount'] as const).flatMap((c) => (columnAt.has(c) ? [columnAt.get(c) ?? 0] : []));
  };

  const look = (pass: 'reading' | 'checking', done: number) => {
    if (opts.stop?.()) throw new ImportStopped();
    opts.progress?.(pass, done);
  };
  let facts = opts.facts;
  if (facts) takeHeader(facts.header, facts.delimiter);
  else {
    // First pass: the header, the row count (a file over the limit is refused before any row is checked) and the mark.
    let detector = decimalMarkDetector(delimiter);
    let settled = false;
    const digest = createHash('sha256');
    let bytesRead = 0;
    try {
      const read = eachCsvRow(file, {
        maxRows: LIMITS.csvFileRows,
        onBytes: (bytes) => {
          digest.update(bytes);
          bytesRead += bytes.length;
          if (opts.progress || opts.stop) look('reading', bytesRead);
        },
        onHeader: (names, found) => {
          takeHeader(names, found);
          detector = decimalMarkDetector(found);
        },
        onRow: (row) => {
          if (settled) return;
          for (const at of numericAt) {
            if (detector.see((row.cells[at] ?? '').trim().replace(/^[^\d]*|\s*%$/g, ''))) { settled = true; return; }
          }
        },
      });
      facts = { header: read.header, delimiter: read.delimiter, mark: detector.mark(), rows: read.rows, digest: digest.digest('hex') };
    } catch (error) {
      return fileProblem(error);
    }
    opts.onFacts?.(facts);
  }
  if (!columnAt.has('price') && !columnAt.has('shelfPrice')) {
    errors.add({ row: 1, column: EXPORT_HEADERS.shelfPrice, message: `the file needs a price column (${EXPORT_HEADERS.shelfPrice} or ${EXPORT_HEADERS.price})` });
  }
  if (errors.count > 0) return answer(delimiter);
  const { mark, rows: rowCount } = facts;

  const headerOf = (c: CatalogColumn) => header[columnAt.get(c) ?? -1] ?? EXPORT_HEADERS[c];
  const cell = (row: CsvRow, c: CatalogColumn): string | undefined => {
    const at = columnAt.get(c);
    return at === undefined ? undefined : (row.cells[at] ?? '').trim();
  };

  const seenCodes = new Map<string, number>();
  /** Each barcode's product, by the row where that product's code first appears (no object per barcode). */
  const seenBarcodes = new Map<string, number>();
  /** A barcode a row takes from a product that has it now. */
  const claims: Array<{ barcode: string; row: number; owner: string }> = [];
  const sample: CatalogProductDto[] = [];
  let creates = 0;
  let valid = 0;

  let checked = 0;
  const checkRow = (row: CsvRow): void => {
    if (row.row % RELIEF_EVERY === 0) relieveHeap();
    checked += 1;
    if (checked % PROGRESS_EVERY === 0 && (opts.progress || opts.stop)) look('checking', checked);
    const rowErrors: CsvRowProblemDto[] = [];
    const fail = (c: CatalogColumn, message: string) => rowErrors.push({ row: row.row, column: headerOf(c), message });
    const number = (c: CatalogColumn, written = cell(row, c)): number | null | undefined => {
      // "19%" as a spreadsheet formats a percentage.
      const raw = c === 'rate' || c === 'discount' ? written?.replace(/\s*%$/, '') : written;
      if (raw === undefined) return undefined;
      const read = readDecimalCell(raw, mark);
      if (read.kind === 'empty') return null;
      if (read.kind === 'ambiguous') { fail(c, `"${raw}" is ambiguous: write it without thousands separators`); return undefined; }
      if (read.kind === 'invalid') { fail(c, `"${raw}" is not a number`); return undefined; }
      // Decimals as written: "12.900" must not pass for 12.9 under a two-decimal rule.
      if (writtenDecimals(read.text) > 4) { fail(c, 'has too many decimals'); return undefined; }
      return Number(read.text);
    };

    const code = cell(row, 'code') ?? '';
    const existing = code !== '' ? catalog.getCatalogProduct(code) : null;
    const draft = draftFrom(existing);

    if (SCIENTIFIC.test(code)) fail('code', SCIENTIFIC_MESSAGE(code));
    else if (code !== '') draft.code = code;
    const name = cell(row, 'name');
    if (name !== undefined) draft.name = name;
    const barcodes = cell(row, 'barcodes');
    const mangled = barcodes?.split(/[|\s]+/).find((b) => SCIENTIFIC.test(b));
    if (mangled !== undefined) fail('barcodes', SCIENTIFIC_MESSAGE(mangled));
    else if (barcodes !== undefined) draft.barcodes = barcodes === '' ? [] : barcodes.split(/[|\s]+/).filter((b) => b !== '');
    const unit = cell(row, 'unit');
    if (unit !== undefined && unit !== '') {
      draft.unitMeasure = isCodeOf(UNIT_MEASURES, unit.toUpperCase()) ? unit.toUpperCase()
        : UNIT_BY_LABEL.get(foldText(unit)) ?? UNIT_ALIASES.get(foldText(unit)) ?? unit;
    }

    const base = number('price');
    const shelfPrice = number('shelfPrice');
    if (shelfPrice !== undefined && shelfPrice !== null) { draft.priceEntry = 'shelf'; draft.price = shelfPrice; }
    else if (base !== undefined && base !== null) { draft.priceEntry = 'base'; draft.price = base; }
    else if (!existing && base !== undefined && shelfPrice !== undefined) fail(columnAt.has('shelfPrice') ? 'shelfPrice' : 'price', 'is required');
    else if (!existing && (base === null || shelfPrice === null)) fail(columnAt.has('shelfPrice') ? 'shelfPrice' : 'price', 'is required');

    const tax = taxOfRow(cell(row, 'tax'), cell(row, 'rate'), number, fail);
    if (tax === null) draft.tax = null;
    else if (tax !== undefined && tax.rate === undefined) {
      if (draft.tax?.code !== tax.code) fail('rate', `tax ${tax.code} needs its rate`);
    } else if (tax !== undefined && tax.rate !== undefined) draft.tax = { code: tax.code, rate: tax.rate };
    const discount = number('discount');
    if (discount !== undefined && discount !== null) draft.discountRate = discount;
    const category = cell(row, 'category');
    if (category !== undefined) draft.category = category === '' ? null : category;
    const active = cell(row, 'active');
    if (active !== undefined && active !== '') {
      const folded = foldText(active);
      if (YES.has(folded)) draft.active = true;
      else if (NO.has(folded)) draft.active = false;
      else fail('active', `"${active}" must be sí or no`);
    }

    if (rowErrors.length === 0) {
      const parsed = productInputSchema.safeParse(draft);
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const column = FIELD_COLUMN[String(issue.path[0])] ?? 'code';
          const field = issue.path[0] === 'price' && draft.priceEntry === 'shelf' ? 'shelfPrice' : column;
          if (seen.has(field)) continue;
          seen.add(field);
          fail(field as CatalogColumn, issue.message);
        }
      } else {
        checkAcrossRows(parsed.data, row, { seenCodes, seenBarcodes, fail });
        // Barcodes that belong to another product now: settled at the end, once it is known whether the file moves them.
        for (const [barcode, owner] of catalog.barcodeOwners(parsed.data.barcodes)) {
          if (owner !== parsed.data.code) claims.push({ barcode, row: row.row, owner });
        }
        const record = rowErrors.length === 0 ? catalogRecordOf(parsed.data, { checkQuantities: false }) : null;
        // Both prices filled in must agree, or an edited base beside an old shelf price would be silently ignored.
        if (record?.shelf && typeof base === 'number' && base.toFixed(2) !== record.product.price) {
          fail('price', `disagrees with ${headerOf('shelfPrice')} (which needs a base of ${record.product.price}); leave one of them empty`);
        } else if (record) {
          if (record.shelf && !record.shelf.exact) {
            warnings.add({ row: row.row, column: headerOf('shelfPrice'), message: shelfMissMessage(record.product.shelfPrice ?? '', record.shelf) });
          }
          if (!existing) creates += 1;
          valid += 1;
          if (sample.length < SAMPLE_SIZE) sample.push(record.product);
          // Written only while the file is still clean: a refused file is rolled back anyway.
          if (errors.count === 0 && rowErrors.length === 0) opts.onProduct?.(record.product);
        }
      }
    }
    for (const problem of rowErrors) errors.add(problem);
  };

  // Given the preview's first pass, this is the only one: its digest, taken as it reads, says whether it is the same file.
  const digest = opts.facts ? createHash('sha256') : null;
  try {
    eachCsvRow(file, { maxRows: LIMITS.csvFileRows, onRow: checkRow, onBytes: digest ? (bytes) => digest.update(bytes) : undefined });
  } catch (error) {
    return fileProblem(error);
  }
  if (digest && digest.digest('hex') !== opts.facts?.digest) {
    errors.add({ row: 1, column: '', message: CHANGED_SINCE_PREVIEW });
    return answer(delimiter, mark);
  }

  // A barcode that belongs to a product this file does not give it up from (the owner is not in the file, or keeps it).
  for (const claim of claims) {
    const ownerRow = seenCodes.get(claim.owner);
    if (ownerRow !== undefined && seenBarcodes.get(claim.barcode) !== ownerRow) continue;
    errors.add({ row: claim.row, column: headerOf('barcodes'), message: `barcode ${claim.barcode} already belongs to product ${claim.owner}` });
  }

  const ok = errors.count === 0;
  return answer(delimiter, mark, { rows: rowCount, creates: ok ? creates : 0, updates: ok ? valid - creates : 0, sample: ok ? sample : [] });
}

/** A row on its way to the product rule: anything may still be wrong, so nothing is typed beyond the tax. */
interface Draft {
  code: unknown; name: unknown; barcodes: unknown; unitMeasure: unknown; priceEntry: unknown; price: unknown;
  tax: ProductInput['tax']; discountRate: unknown; category: unknown; active: unknown;
  /** Kept from the product as it is: the file has no column for them. */
  quickKey?: boolean; quickKeyOrder?: number | null;
}

/** An update starts from what the product is now; a new product from the usual defaults. */
function draftFrom(existing: CatalogProductDto | null): Draft {
  if (!existing) {
    return { code: '', name: '', barcodes: [], unitMeasure: '94', priceEntry: undefined, price: undefined, tax: null, discountRate: 0, category: null, active: true };
  }
  return {
    code: existing.code, name: existing.name, barcodes: existing.barcodes, unitMeasure: existing.unitMeasure,
    priceEntry: existing.shelfPrice !== null ? 'shelf' : 'base',
    price: Number(existing.shelfPrice ?? existing.price),
    tax: existing.taxCode !== null && existing.taxRate !== null ? { code: existing.taxCode, rate: Number(existing.taxRate) } : null,
    discountRate: Number(existing.discountRate), category: existing.category, active: existing.active,
    quickKey: existing.quickKey, quickKeyOrder: existing.quickKeyOrder,
  };
}

type TaxWords = { code: string | null; rate?: string } | 'per unit' | undefined;

/**
 * A tax as a spreadsheet writes it: "01", "1", "IVA", "IVA 19%", "Excluido" (no IVA at all: the line carries no
 * tax), "Exento" (IVA at 0 %, which is sent); "" or "ninguno" → no tax; the bag tax → 'per unit'; else undefined.
 */
function taxWords(raw: string): TaxWords {
  const trimmed = raw.trim();
  const folded = foldText(trimmed);
  const rate = /(\d+(?:[.,]\d+)?)\s*%?$/.exec(folded)?.[1];
  const name = folded.replace(/\d+(?:[.,]\d+)?\s*%?$/, '').trim();
  if (trimmed === '') return { code: null };
  if (/bolsa|^22$|^inc ?b/.test(folded) || name === 'ibua') return 'per unit';
  if (['ninguno', 'no', 'none', 'excluido', 'excluida', 'no aplica'].includes(folded)) return { code: null };
  if (['exento', 'exenta'].includes(folded)) return { code: '01', rate: '0' };
  const padded = /^\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
  if (isCodeOf(TAX_TYPES, padded)) return { code: padded };
  const code = TAX_BY_NAME.get(name);
  if (code === undefined) return undefined;
  return rate === undefined ? { code } : { code, rate };
}

/**
 * The row's tax from its tax and rate cells (either may name it: "IVA 19%" in one, "19%" or "Exento" in the other).
 * undefined: the file says nothing (or a problem was reported); null: no tax; a rate of undefined: none given.
 */
function taxOfRow(
  taxCell: string | undefined,
  rateCell: string | undefined,
  number: (c: CatalogColumn, written?: string) => number | null | undefined,
  fail: (c: CatalogColumn, message: string) => void,
): { code: string; rate: number | undefined } | null | undefined {
  if (taxCell === undefined && rateCell === undefined) return undefined;
  let code: string | null | undefined;
  let rate: number | undefined;
  for (const [column, raw] of [['tax', taxCell], ['rate', rateCell]] as const) {
    if (raw === undefined || raw === '') continue;
    if (column === 'rate' && !/[a-z]/i.test(raw)) {
      const n = number('rate', raw);
      if (n === undefined || n === null) return undefined;
      if (rate !== undefined && n !== rate) { fail('rate', `does not match "${taxCell ?? ''}"`); return undefined; }
      rate = n;
      continue;
    }
    const words = taxWords(raw);
    if (words === 'per unit') { fail(column, PER_UNIT_MESSAGE(raw)); return undefined; }
    if (words === undefined) {
      fail(column, column === 'tax' ? `"${raw}" is not a tax (${Object.keys(TAX_TYPES).join(', ')} or IVA, INC)` : `"${raw}" is not a number`);
      return undefined;
    }
    if (code !== undefined && words.code !== code) { fail('rate', `does not match "${taxCell ?? ''}"`); return undefined; }
    code = words.code;
    if (words.rate !== undefined) {
      const n = number('rate', words.rate);
      if (n === undefined || n === null) return undefined;
      rate = n;
    }
  }
  if (code === undefined) return rate === undefined ? null : { code: '01', rate };
  if (code === null) return null;
  return { code, rate };
}

function checkAcrossRows(
  p: ProductInput,
  row: CsvRow,
  ctx: {
    seenCodes: Map<string, number>;
    seenBarcodes: Map<string, number>;
    fail: (c: CatalogColumn, message: string) => void;
  },
): void {
  const earlier = ctx.seenCodes.get(p.code);
  if (earlier !== undefined) ctx.fail('code', `code ${p.code} is already on row ${earlier}`);
  else ctx.seenCodes.set(p.code, row.row);
  // The product's row: the first with its code (a code twice is an error above).
  const productRow = earlier ?? row.row;
  for (const barcode of p.barcodes) {
    const other = ctx.seenBarcodes.get(barcode);
    if (other !== undefined && other !== productRow) ctx.fail('barcodes', `barcode ${barcode} is already on row ${other}`);
    else ctx.seenBarcodes.set(barcode, productRow);
  }
}
