/**
 * The store's side of a catalog import: products written a batch per statement, old barcodes dropped and new ones
 * written as each batch goes, a barcode another product still has waiting until the last product, and any failure
 * rolling back the whole import. Sizes are chosen to cross several batches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import type { CatalogProductDto } from '../../../shared/bridge/types';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-catalog-writes-'));
  store = openStore({ path: join(dir, 'mostrador.sqlite') });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const product = (code: string, barcodes: string[] = [], name = `Producto ${code}`): CatalogProductDto => ({
  code, name, barcode: barcodes[0] ?? null, barcodes, price: '1000.00', shelfPrice: null, unitMeasure: '94', taxCode: '01',
  taxRate: '19', discountRate: '0', category: null, active: true, quickKey: false, quickKeyOrder: null,
});
const many = (n: number, barcodeOf = (i: number) => [`77${i}`]) => Array.from({ length: n }, (_, i) => product(`P${i}`, barcodeOf(i)));
const importAll = (list: readonly CatalogProductDto[]) => store.importCatalogProducts((add) => list.forEach(add));
const count = () => store.listCatalog({ text: '', includeInactive: true, limit: 1, offset: 0 }).total;

describe('importCatalogProducts', () => {
  it('writes every product and barcode across batches, counting creates and updates', () => {
    expect(importAll(many(1_000))).toMatchObject({ created: 1_000, updated: 0 });
    expect(count()).toBe(1_000);
    expect(store.findProductByBarcode('77999')?.code).toBe('P999');
    expect(store.searchProducts('Producto P42', 5)[0]?.code).toBe('P42');
    // Again, with new names and a second barcode each: updates, old barcodes replaced, the search index follows.
    const renamed = many(1_000, (i) => [`88${i}`, `77${i}`]).map((p) => ({ ...p, name: `Artículo ${p.code}` }));
    expect(importAll([...renamed, product('NEW')])).toMatchObject({ created: 1, updated: 1_000 });
    expect(store.getCatalogProduct('P7')?.barcodes).toEqual(['887', '777']);
    expect(store.searchProducts('articulo p7', 5).map((p) => p.code)).toContain('P7');
    expect(store.searchProducts('Producto P42', 5)).toEqual([]);
  });

  it('moves a barcode to a product early in the file from one that gives it up hundreds of rows later', () => {
    importAll(many(600));
    // P0 takes P599's barcode before P599 (a later batch) has dropped it; P599 gets a new one.
    const list = many(600).map((p) => (p.code === 'P0' ? product('P0', ['770', '77599']) : p.code === 'P599' ? product('P599', ['99599']) : p));
    expect(importAll(list)).toMatchObject({ created: 0, updated: 600 });
    expect(store.findProductByBarcode('77599')?.code).toBe('P0');
    expect(store.getCatalogProduct('P599')?.barcodes).toEqual(['99599']);
  });

  it('refuses the whole import when a barcode stays with a product the file does not change, naming both', () => {
    importAll([product('OLD', ['123'])]);
    const list = [...many(450), product('TAKER', ['123'])];
    expect(() => importAll(list)).toThrow('Barcode 123 already belongs to product OLD; product TAKER cannot have it too.');
    expect(count()).toBe(1);
    expect(store.findProductByBarcode('123')?.code).toBe('OLD');
  });

  it('refuses a barcode given to two products of one batch, and one that SQLite refuses, writing nothing', () => {
    expect(() => importAll([product('A', ['555']), product('B', ['555'])])).toThrow(/Barcode 555 already belongs to product A; product B cannot have it too/);
    expect(count()).toBe(0);
    expect(() => importAll([...many(300), { ...product('BAD'), taxRate: null }])).toThrow(/needs both a tax code and a rate/);
    expect(count()).toBe(0);
  });

  it('counts a code given twice as one product (the second row updates it)', () => {
    expect(importAll([product('X', ['1']), product('X', ['2'], 'Otra')])).toMatchObject({ created: 1, updated: 1 });
    expect(store.getCatalogProduct('X')).toMatchObject({ name: 'Otra', barcodes: ['2'] });
  });
});
