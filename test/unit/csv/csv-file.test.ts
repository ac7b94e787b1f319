/**
 * The one CSV reader and writer both imports use (products and customers): rows numbered as a spreadsheet shows
 * them even when a quoted cell spans lines, exports that no spreadsheet runs as a formula and that read back
 * unchanged, one size rule for both files, one folding rule for headers and searches. Real SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogHandlers } from '../../../electron/core/app/catalog-handlers';
import { customerDirectoryHandlers } from '../../../electron/core/app/customer-directory-handlers';
import { CsvFileError, readCsv, writeCsv } from '../../../common/csv/csv-file';
import { readCustomerCsv, writeCustomerCsv } from '../../../common/csv/customer-csv';
import { openStore, type Store } from '../../../electron/core/store';
import { bridgeContract } from '../../../shared/bridge/contract';
import { foldText } from '../../../shared/folded-text';
import { LIMITS } from '../../../shared/limits';

const CUSTOMER_HEADER = 'tipo_identificacion;identificacion;dv;nombre;tipo_persona;regimen;correo;municipio';
const csvFile = (text: string) => ({ file: Buffer.from(text, 'utf8').toString('base64') });

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-csv-'));
  store = openStore({ path: join(dir, 'mostrador.sqlite') });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rows as the spreadsheet numbers them', () => {
  for (const [name, nl] of [['LF', '\n'], ['CRLF', '\r\n']] as const) {
    it(`a quoted cell over several lines (${name}) does not shift the rows after it`, () => {
      const text = ['a;b', '1;"two', 'lines"', '', '2;z', '3;"p', 'q', 'r"', '4;w', ''].join(nl);
      expect(readCsv(text, { maxRows: 10 }).rows.map((r) => [r.row, r.cells[0]])).toEqual([[2, '1'], [5, '2'], [6, '3'], [9, '4']]);
    });
  }

  it('a customer file names the row where the bad record starts, after a cell that spans lines (CRLF)', () => {
    const text = [
      CUSTOMER_HEADER,
      '31;900373115;3;"Distribuidora Peña SAS', 'Bodega 2";1;48;a@b.co;05001',
      '13;52345678;;Sin correo;2;49;;11001',
    ].join('\r\n');
    expect(readCustomerCsv(text).problems.map((p) => [p.row, p.column])).toEqual([[4, 'correo']]);
  });

  it('a product file names the row where the bad record starts, after a cell that spans lines (CRLF)', async () => {
    const catalog = catalogHandlers({ store, now: () => 0 });
    const text = ['codigo;nombre;precio_base', 'A;"Arroz', 'de bulto";4950', 'B;Azúcar;cinco mil'].join('\r\n');
    const preview = await catalog['catalog.importPreview'](csvFile(text));
    expect(preview.errors).toEqual([
      { row: 2, column: 'nombre', message: 'must not contain control characters' },
      { row: 4, column: 'precio_base', message: '"cinco mil" is not a number' },
    ]);
  });

  it('a file with more rows than allowed is refused, not cut short', () => {
    expect(() => readCsv('a;b\n1;1\n2;2\n3;3\n', { maxRows: 2 })).toThrow(CsvFileError);
    expect(() => readCsv('a;b\n1;1\n2;2\n', { maxRows: 2 })).not.toThrow();
  });

  it('blank rows do not count toward the limit, and a file over it is refused whole, never cut short', async () => {
    const catalog = catalogHandlers({ store, now: () => 0 });
    const products = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `P${from + i};Producto ${from + i};1000`);
    const blank = (n: number) => Array.from({ length: n }, () => ';;');
    // Blank rows ahead of the products: all five are read.
    const afterBlanks = await catalog['catalog.importPreview'](csvFile(['codigo;nombre;precio_base', ...blank(LIMITS.csvFileRows + 1), ...products(5)].join('\n')));
    expect(afterBlanks.errors).toEqual([]);
    expect(afterBlanks.creates).toBe(5);
    // Near the limit with blank rows between: none of the last five is lost.
    const near = await catalog['catalog.importPreview'](csvFile(['codigo;nombre;precio_base', ...products(LIMITS.csvFileRows - 10), ...blank(20), ...products(5, LIMITS.csvFileRows)].join('\n')));
    expect(near.errors).toEqual([]);
    expect(near.rows).toBe(LIMITS.csvFileRows - 5);
    // One product over the limit: the whole file is refused, with the reason.
    expect(() => readCsv(['a;b', ...blank(3), '1;1', '2;2', ...blank(3), '3;3'].join('\n'), { maxRows: 2 })).toThrow(/more than 2 rows/);
    expect(readCsv(['a;b', ...blank(3), '1;1', ' ; ', '2;2', ...blank(3)].join('\n'), { maxRows: 2 }).rows.map((r) => r.row)).toEqual([5, 7]);
  });

  it('a column named twice is a problem in both imports', async () => {
    expect(readCustomerCsv(`${CUSTOMER_HEADER};Correo\n`).problems).toEqual([{ row: 1, column: 'Correo', message: 'the column "correo" appears twice' }]);
    const catalog = catalogHandlers({ store, now: () => 0 });
    const preview = await catalog['catalog.importPreview'](csvFile('codigo;nombre;precio_base;Código\nA;Arroz;4950;B'));
    expect(preview.errors).toEqual([{ row: 1, column: 'Código', message: 'the column "codigo" appears twice' }]);
  });
});

describe('exports no spreadsheet runs as a formula', () => {
  const risky = ['=HYPERLINK("http://x.example","clic")', '+57 300', '-1', '@SUM(A1)', '\tTab', '\rCR'];

  it('prefixes a cell starting with = + - @ tab or CR with a quote, and reading takes it off again', () => {
    const written = writeCsv(['nombre'], risky.map((cell) => [cell]));
    const lines = written.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(1, 5)).toEqual(['"\'=HYPERLINK(""http://x.example"",""clic"")"', "'+57 300", "'-1", "'@SUM(A1)"]);
    const read = readCsv(written, { maxRows: 10 }).rows.map((r) => r.cells[0]);
    // A CR inside a cell is read as a line break (the reader has one kind of line break).
    expect(read).toEqual([...risky.slice(0, 5), '\nCR']);
  });

  it('a customer named like a formula is exported guarded and imported back unchanged', () => {
    const customer = { identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: '=1+1 Ferretería', tax_regime: '48', email: 'a@b.co', municipality_code: '05001' };
    const csv = writeCustomerCsv([customer]);
    expect(csv).toContain(";'=1+1 Ferretería;");
    expect(readCustomerCsv(csv).customers.map((c) => c.customer)).toEqual([customer]);
  });

  it('a product named like a formula is exported guarded and imported back unchanged', async () => {
    const catalog = catalogHandlers({ store, now: () => 0 });
    await catalog['catalog.importCommit'](csvFile('codigo;nombre;precio_base\n"-A1";"=cmd|\' /C calc\'!A0";4950'));
    const before = [...store.eachCatalogProduct()];
    expect(before.map((p) => [p.code, p.name])).toEqual([['-A1', "=cmd|' /C calc'!A0"]]);
    const exported = await catalog['catalog.export']({});
    expect(exported.text.split('\r\n')[1]).toMatch(/^'-A1;"?'=cmd/);
    await catalog['catalog.importCommit'](csvFile(exported.text));
    expect([...store.eachCatalogProduct()]).toEqual(before);
  });
});

describe('one size rule, one folding rule', () => {
  it('both imports take the same file size in bytes, and refuse one byte more by the file field', () => {
    const over = 'x'.repeat(Math.ceil((LIMITS.csvFileBytes + 3) / 3) * 4);
    for (const method of ['catalog.importPreview', 'catalog.importCommit', 'customers.importPreview', 'customers.import'] as const) {
      const refused = bridgeContract[method].input.safeParse({ file: over });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.path).toEqual(['file']);
      expect(bridgeContract[method].input.safeParse({ file: Buffer.alloc(LIMITS.csvFileBytes, 65).toString('base64') }).success).toBe(true);
    }
  });

  it('folds accents, case and spaces once, for searches and headers alike', async () => {
    expect(foldText('  José   Peña\tCAFÉ ')).toBe('jose pena cafe');
    const catalog = catalogHandlers({ store, now: () => 0 });
    await catalog['catalog.importCommit'](csvFile('Código;Nombre;Precio Base\nCAF;Café  Águila   500 g;4950'));
    expect(store.searchProducts('cafe aguila 500', 5).map((p) => p.code)).toEqual(['CAF']);
    const customers = customerDirectoryHandlers({ store, now: () => 0 });
    await customers['customers.import'](csvFile(`${CUSTOMER_HEADER}\n13;52345678;;José   Peña;2;49;j@p.co;11001`));
    expect((await customers['customers.list']({ text: 'jose  pena', limit: 5 })).customers.map((c) => c.customer.name)).toEqual(['José Peña']);
  });
});
