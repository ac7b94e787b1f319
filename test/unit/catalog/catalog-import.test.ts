/** Product CSV import and export through the catalog's bridge handlers, on a real SQLite file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogHandlers } from '../../../electron/core/app/catalog-handlers';
import { BridgeFailure } from '../../../electron/core/bridge/bridge-failure';
import { openStore, type Store } from '../../../electron/core/store';
import { decodeCsvBytes } from '../../../common/csv/csv-file';
import { calculateLine } from '../../../shared/money';
import { basePriceForShelf } from '../../../shared/shelf-price';

let dir: string;
let store: Store;
let catalog: ReturnType<typeof catalogHandlers>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-catalog-'));
  store = openStore({ path: join(dir, 'mostrador.sqlite') });
  catalog = catalogHandlers({ store, now: () => Date.UTC(2026, 10, 23) });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A file as the bridge carries it: base64 of its bytes (text as UTF-8). */
const csvFile = (file: string | Uint8Array) => ({ file: Buffer.from(file).toString('base64') });

const count = () => store.listCatalog({ text: '', includeInactive: true, limit: 200, offset: 0 }).total;

/** What Excel in Spanish writes: `;`, decimal comma, thousands with a dot, Windows-1252. */
const WINDOWS_1252_FILE = Uint8Array.from([
  ...Buffer.from('codigo;nombre;codigo de barras;unidad;precio con iva;impuesto;tarifa;categoría\r\n', 'latin1'),
  ...Buffer.from('CAF-500;Café Águila 500 g;7702001001002;94;11.900;IVA;19;Despensa\r\n', 'latin1'),
  ...Buffer.from('ACE-1L;Aceite girasol;7702001001033|7702001009999;LTR;5.000;01;19;\r\n', 'latin1'),
  ...Buffer.from('PAN;Pan tajado;;Unidad;6800;;;Panadería\r\n', 'latin1'),
]);

describe('catalog CSV import', () => {
  it('reads a Windows-1252 file with `;` and decimal comma, previews without writing, then imports it', async () => {
    expect(decodeCsvBytes(WINDOWS_1252_FILE)).toContain('Café Águila');
    const preview = await catalog['catalog.importPreview'](csvFile(WINDOWS_1252_FILE));
    expect(preview).toMatchObject({ rows: 3, creates: 3, updates: 0, errors: [], delimiter: ';', decimalMark: ',' });
    expect(count()).toBe(0);

    expect(await catalog['catalog.importCommit'](csvFile(WINDOWS_1252_FILE))).toEqual({ created: 3, updated: 0, outcome: 'imported', saved: 3, rows: 3 });
    const cafe = store.getCatalogProduct('CAF-500');
    expect(cafe).toMatchObject({ name: 'Café Águila 500 g', price: '10000.00', shelfPrice: '11900.00', category: 'Despensa', taxRate: '19' });
    expect(store.getCatalogProduct('ACE-1L')).toMatchObject({ price: '4201.68', shelfPrice: '5000.00', barcodes: ['7702001001033', '7702001009999'], unitMeasure: 'LTR' });
    // Untaxed, its shelf price is its base.
    expect(store.getCatalogProduct('PAN')).toMatchObject({ price: '6800.00', shelfPrice: '6800.00', taxCode: null, unitMeasure: '94' });
    // The counter finds it without the accent and by its second barcode; the line pays the shelf price.
    expect(store.searchProducts('cafe aguila', 5).map((p) => p.code)).toEqual(['CAF-500']);
    const aceite = store.findProductByBarcode('7702001009999');
    expect(aceite?.code).toBe('ACE-1L');
    expect(calculateLine({ quantity: 1, price: aceite?.price ?? '', discount_rate: 0, taxes: [{ code: '01', rate: 19 }] }).payable).toBe('5000.00');
  });

  it('one bad row: every error names its row and column, and nothing at all is imported', async () => {
    const text = [
      'codigo,nombre,precio_base,impuesto,tarifa,unidad',
      'A-1,Arroz,"4950,00",IVA,0,KGM',
      'A-2,Azúcar,cinco mil,IVA,5,KGM',
      'A-3,,2100,IVA,0,XYZ',
      'A-1,Arroz otra vez,100,IVA,0,94',
    ].join('\n');
    const preview = await catalog['catalog.importPreview'](csvFile(text));
    expect(preview.errors).toEqual([
      { row: 3, column: 'precio_base', message: '"cinco mil" is not a number' },
      { row: 4, column: 'nombre', message: 'is required' },
      { row: 4, column: 'unidad', message: expect.stringMatching(/^must be a unit of measure code/) },
      { row: 5, column: 'codigo', message: 'code A-1 is already on row 2' },
    ]);
    expect(preview.creates).toBe(0);
    await expect(catalog['catalog.importCommit'](csvFile(text))).rejects.toThrow(/Nothing was imported: row 3, precio_base/);
    expect(count()).toBe(0);
  });

  it('re-import updates by code and keeps what the file has no column for', async () => {
    await catalog['catalog.importCommit'](csvFile('codigo;nombre;precio_base;categoria;codigos_barras\nP-1;Pan;6500;Panadería;770111'));
    const preview = await catalog['catalog.importPreview'](csvFile('codigo;nombre;precio_base\nP-1;Pan tajado;6700\nP-2;Leche;4300'));
    expect(preview).toMatchObject({ creates: 1, updates: 1, errors: [] });
    await catalog['catalog.importCommit'](csvFile('codigo;nombre;precio_base\nP-1;Pan tajado;6700\nP-2;Leche;4300'));
    expect(store.getCatalogProduct('P-1')).toMatchObject({ name: 'Pan tajado', price: '6700', category: 'Panadería', barcodes: ['770111'] });
    expect(count()).toBe(2);
  });

  it('refuses "12.900" in a decimal-point file rather than read twelve pesos, and a base that contradicts the shelf price', async () => {
    const preview = await catalog['catalog.importPreview'](csvFile('code,name,price\nX,Café,12.900\nY,Té,1500.5'));
    expect(preview.errors).toEqual([{ row: 2, column: 'price', message: '"12.900" is ambiguous: write it without thousands separators' }]);
    const both = await catalog['catalog.importPreview'](csvFile('codigo;nombre;precio_base;precio_con_iva;tarifa\nX;Café;9000;11900;19'));
    expect(both.errors[0]).toMatchObject({ row: 2, column: 'precio_base', message: expect.stringMatching(/disagrees with precio_con_iva \(which needs a base of 10000.00\)/) });
  });

  it('a barcode of another product is an error unless the file moves it', async () => {
    await catalog['catalog.importCommit'](csvFile('codigo;nombre;precio_base;codigos_barras\nA;Uno;100;111\nB;Dos;100;222'));
    const clash = await catalog['catalog.importPreview'](csvFile('codigo;nombre;precio_base;codigos_barras\nC;Tres;100;111'));
    expect(clash.errors).toEqual([{ row: 2, column: 'codigos_barras', message: 'barcode 111 already belongs to product A' }]);
    expect(await catalog['catalog.importCommit'](csvFile('codigo;nombre;precio_base;codigos_barras\nA;Uno;100;\nC;Tres;100;111')))
      .toEqual({ created: 1, updated: 1, outcome: 'imported', saved: 2, rows: 2 });
    expect(store.findProductByBarcode('111')?.code).toBe('C');
  });

  it('warns, without blocking, about a shelf price no base pays exactly', async () => {
    let shelf = 1000;
    while (store && (await catalog['catalog.importPreview'](csvFile(`codigo;nombre;precio_con_iva;tarifa\nX;Algo;${shelf};19`))).warnings.length === 0) shelf++;
    const preview = await catalog['catalog.importPreview'](csvFile(`codigo;nombre;precio_con_iva;tarifa\nX;Algo;${shelf};19`));
    expect(preview.errors).toEqual([]);
    expect(preview.warnings[0]).toMatchObject({ row: 2, column: 'precio_con_iva', message: expect.stringMatching(/^no base price with 2 decimals pays exactly/) });
  });

  it('reads taxes and units as spreadsheets write them: 19%, IVA 19%, Excluido (no tax), Exento (IVA 0 %), UND, kg', async () => {
    const file = ['codigo;nombre;unidad;precio_base;impuesto;tarifa',
      'A;Arroz;UND;1000;IVA 19%;', 'B;Bolsa de hielo;Unidad;1000;;19%', 'C;Carne;kg;1000;Excluido;', 'D;Leche;KG;1000;Exento;',
      'E;Pan;und;1000;IVA;5 %', 'F;Fríjol;Und.;1000;iva;19,0%'].join('\r\n');
    const preview = await catalog['catalog.importPreview'](csvFile(file));
    expect(preview.errors).toEqual([]);
    await catalog['catalog.importCommit'](csvFile(file));
    expect([...store.eachCatalogProduct()].map((p) => [p.code, p.unitMeasure, p.taxCode, p.taxRate === null ? null : Number(p.taxRate)])).toEqual([
      ['A', '94', '01', 19], ['B', '94', '01', 19], ['C', 'KGM', null, null], ['D', 'KGM', '01', 0], ['E', '94', '01', 5], ['F', '94', '01', 19],
    ]);
  });

  it('refuses a barcode Excel turned into 7,70123E+12 and a per-unit tax, saying why, and imports nothing', async () => {
    const file = ['codigo;nombre;codigos_barras;precio_base;impuesto;tarifa',
      'A;Arroz;7,70123E+12;1000;IVA;19', 'B;Bolsa;;50;INC bolsas;66', 'C;Bolsa grande;;50;22;66', 'D;Gaseosa;;2000;Exento;19'].join('\r\n');
    const preview = await catalog['catalog.importPreview'](csvFile(file));
    expect(preview.errors).toEqual([
      { row: 2, column: 'codigos_barras', message: '"7,70123E+12" is a number the spreadsheet wrote in scientific notation and its digits are lost: format the column as Text and type the codes again' },
      { row: 3, column: 'impuesto', message: '"INC bolsas" is a tax per unit (INC bolsas), not a percentage: remove it from the file' },
      { row: 4, column: 'impuesto', message: '"22" is a tax per unit (INC bolsas), not a percentage: remove it from the file' },
      { row: 5, column: 'tarifa', message: 'does not match "Exento"' },
    ]);
    await expect(catalog['catalog.importCommit'](csvFile(file))).rejects.toThrow();
    expect(count()).toBe(0);
  });

  it('exports a file that imports back to the same catalog', async () => {
    await catalog['catalog.importCommit'](csvFile(WINDOWS_1252_FILE));
    await catalog['catalog.setActive']({ code: 'PAN', active: false });
    const before = [...store.eachCatalogProduct()];
    const exported = await catalog['catalog.export']({});
    expect(exported.fileName).toBe('catalogo-2026-11-23.csv');
    expect(exported.text.split('\r\n')[0]).toBe('\uFEFFcodigo;nombre;codigos_barras;unidad;precio_base;precio_con_impuestos;impuesto;tarifa;descuento;categoria;activo');
    const preview = await catalog['catalog.importPreview'](csvFile(exported.text));
    expect(preview).toMatchObject({ errors: [], updates: 3, creates: 0 });
    await catalog['catalog.importCommit'](csvFile(exported.text));
    expect([...store.eachCatalogProduct()]).toEqual(before);
  });
});

describe('catalog products', () => {
  const base = {
    code: 'GAS-15', name: 'Gaseosa 1,5 L', barcodes: ['7702001001163'], unitMeasure: 'LTR', priceEntry: 'shelf' as const,
    price: 5000, tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Bebidas', active: true,
  };

  it('saves a shelf price as the base that pays it, refuses a second create, and deactivates without deleting', async () => {
    expect(await catalog['catalog.save']({ product: base, mode: 'create' })).toMatchObject({ price: '4201.68', shelfPrice: '5000.00', barcode: '7702001001163' });
    await expect(catalog['catalog.save']({ product: base, mode: 'create' })).rejects.toMatchObject({ fields: { 'product.code': 'product GAS-15 already exists' } });
    await catalog['catalog.setActive']({ code: 'GAS-15', active: false });
    expect(store.searchProducts('gaseosa', 5)).toEqual([]);
    expect(store.findProductByBarcode('7702001001163')).toBeNull();
    expect(store.listCatalog({ text: 'gaseosa', includeInactive: true, limit: 5, offset: 0 }).products[0]).toMatchObject({ code: 'GAS-15', active: false });
    await expect(catalog['catalog.setActive']({ code: 'NOPE', active: true })).rejects.toBeInstanceOf(BridgeFailure);
  });

  it('tells at entry when no base pays the shelf price, and saves it once the owner accepts the difference', async () => {
    let shelf = 1000;
    while (basePriceForShelf({ shelfPrice: shelf, taxes: [{ code: '01', rate: 19 }] }).exact) shelf++;
    const refusal = await catalog['catalog.save']({ product: { ...base, price: shelf }, mode: 'create' }).then(() => null, (e: unknown) => e);
    expect((refusal as BridgeFailure).fields?.['product.price'])
      .toMatch(/^no base price with 2 decimals pays exactly \d+\.00; the nearest \(\d+\.\d\d\) pays \d+\.\d\d \(difference -?0\.01\)$/);
    expect(store.getCatalogProduct(base.code)).toBeNull();
    const saved = await catalog['catalog.save']({ product: { ...base, price: shelf, acceptDifference: true }, mode: 'create' });
    expect(saved.shelfPrice).toBe(`${shelf}.00`);
  });

  it('refuses a barcode that belongs to another product, by field', async () => {
    await catalog['catalog.save']({ product: base, mode: 'create' });
    await expect(catalog['catalog.save']({ product: { ...base, code: 'OTRO' }, mode: 'create' }))
      .rejects.toMatchObject({ fields: { 'product.barcodes': 'barcode 7702001001163 already belongs to product GAS-15' } });
    expect(store.getCatalogProduct('OTRO')).toBeNull();
  });
});
