/**
 * A product CSV from the owner's spreadsheet: read, checked row by row with the one product rule (shared/product.ts),
 * and planned without writing anything. Every problem names the row (its line in the file) and the column (its
 * header as written). Re-importing updates products by code; a column the file does not have keeps what the
 * product already had.
 */
import type { CatalogImportPreviewDto, CatalogProductDto, CsvRowProblemDto } from '../../../shared/bridge/types';
import { TAX_TYPES, UNIT_MEASURES, isCodeOf } from '../../../shared/codes';
import { LIMITS } from '../../../shared/limits';
import { productInputSchema, type ProductInput } from '../../../shared/product';
import { foldText } from '../../../shared/folded-text';
import { CsvFileError, findColumns, readCsv, type ColumnSpec, type CsvRow, type CsvTable } from '../csv/csv-file';
import { detectDecimalMark, readDecimalCell, writtenDecimals, type DecimalMark } from '../csv/decimal-cell';
import type { Catalog } from '../store/catalog';
import { catalogRecordOf, shelfMissMessage } from './catalog-records';

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

export interface CatalogImportPlan {
  preview: CatalogImportPreviewDto;
  /** What would be saved, in file order (empty when there are errors). */
  products: CatalogProductDto[];
}

/** Which rule broke, by the schema's field, to the column it came from. */
const FIELD_COLUMN: Record<string, CatalogColumn> = {
  code: 'code', name: 'name', barcodes: 'barcodes', unitMeasure: 'unit', price: 'price', tax: 'rate',
  discountRate: 'discount', category: 'category', active: 'active',
};

/** A product file (its bytes, or its text) read and checked against the catalog as it is; nothing is written. */
export function planCatalogImport(file: Uint8Array | string, catalog: Pick<Catalog, 'getCatalogProduct' | 'barcodeOwners'>): CatalogImportPlan {
  const errors: CsvRowProblemDto[] = [];
  const warnings: CsvRowProblemDto[] = [];
  const empty = (delimiter: ';' | ',' = ';', decimalMark: DecimalMark = ','): CatalogImportPlan => ({
    preview: { rows: 0, creates: 0, updates: 0, errors, warnings, sample: [], delimiter, decimalMark }, products: [],
  });

  let table: CsvTable;
  try {
    table = readCsv(file, { maxRows: LIMITS.csvFileRows });
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    errors.push({ ...error.problem, column: error.problem.column ?? '' });
    return empty();
  }

  // Header → column.
  const found = findColumns(table.header, COLUMNS);
  const columnAt = new Map(Object.entries(found.index) as Array<[CatalogColumn, number]>);
  for (const header of found.unused) warnings.push({ row: 1, column: header, message: 'this column is not used' });
  for (const problem of found.problems) errors.push({ ...problem, column: problem.column ?? '' });
  if (!columnAt.has('price') && !columnAt.has('shelfPrice')) {
    errors.push({ row: 1, column: EXPORT_HEADERS.shelfPrice, message: `the file needs a price column (${EXPORT_HEADERS.shelfPrice} or ${EXPORT_HEADERS.price})` });
  }
  if (errors.length > 0) return empty(table.delimiter);

  const headerOf = (c: CatalogColumn) => table.header[columnAt.get(c) ?? -1] ?? EXPORT_HEADERS[c];
  const cell = (row: CsvRow, c: CatalogColumn): string | undefined => {
    const at = columnAt.get(c);
    return at === undefined ? undefined : (row.cells[at] ?? '').trim();
  };
  const numericColumns = (['price', 'shelfPrice', 'rate', 'discount'] as const).filter((c) => columnAt.has(c));
  const mark = detectDecimalMark((function* () {
    for (const row of table.rows) for (const c of numericColumns) yield (cell(row, c) ?? '').replace(/^[^\d]*|\s*%$/g, '');
  })(), table.delimiter);

  const products: CatalogProductDto[] = [];
  const seenCodes = new Map<string, number>();
  const seenBarcodes = new Map<string, { row: number; code: string }>();
  let creates = 0;

  for (const row of table.rows) {
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
        const record = rowErrors.length === 0 ? catalogRecordOf(parsed.data, { checkQuantities: false }) : null;
        // Both prices filled in must agree, or an edited base beside an old shelf price would be silently ignored.
        if (record?.shelf && typeof base === 'number' && base.toFixed(2) !== record.product.price) {
          fail('price', `disagrees with ${headerOf('shelfPrice')} (which needs a base of ${record.product.price}); leave one of them empty`);
        } else if (record) {
          if (record.shelf && !record.shelf.exact) {
            warnings.push({ row: row.row, column: headerOf('shelfPrice'), message: shelfMissMessage(record.product.shelfPrice ?? '', record.shelf) });
          }
          if (!existing) creates += 1;
          products.push(record.product);
        }
      }
    }
    errors.push(...rowErrors);
  }

  // A barcode that belongs to a product this file does not give it up from.
  const owners = catalog.barcodeOwners([...seenBarcodes.keys()]);
  const inFile = new Map(products.map((p) => [p.code, p]));
  for (const [barcode, owner] of owners) {
    const taker = seenBarcodes.get(barcode);
    if (!taker || owner === taker.code) continue;
    const ownerInFile = inFile.get(owner);
    if (ownerInFile && !ownerInFile.barcodes.includes(barcode)) continue;
    errors.push({ row: taker.row, column: headerOf('barcodes'), message: `barcode ${barcode} already belongs to product ${owner}` });
  }

  errors.sort((a, b) => a.row - b.row);
  const ok = errors.length === 0;
  return {
    preview: {
      rows: table.rows.length, creates: ok ? creates : 0, updates: ok ? products.length - creates : 0, errors, warnings,
      sample: products.slice(0, 20), delimiter: table.delimiter, decimalMark: mark,
    },
    products: ok ? products : [],
  };
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
    seenBarcodes: Map<string, { row: number; code: string }>;
    fail: (c: CatalogColumn, message: string) => void;
  },
): void {
  const earlier = ctx.seenCodes.get(p.code);
  if (earlier !== undefined) ctx.fail('code', `code ${p.code} is already on row ${earlier}`);
  else ctx.seenCodes.set(p.code, row.row);
  for (const barcode of p.barcodes) {
    const other = ctx.seenBarcodes.get(barcode);
    if (other && other.code !== p.code) ctx.fail('barcodes', `barcode ${barcode} is already on row ${other.row}`);
    else ctx.seenBarcodes.set(barcode, { row: row.row, code: p.code });
  }
}
