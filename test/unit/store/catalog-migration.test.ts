/** Migration 8 (the shop's own catalog), seeded at version 7 the way the earlier catalog wrote products. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openStore } from '../../../electron/core/store';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-migration-8-'));
  file = join(dir, 'mostrador.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('7 → 8: barcodes, active flag, category, shelf price, folded search', () => {
  it('moves each product\'s barcode to the barcode table and finds old products without accents', () => {
    const db = new Database(file);
    migrate(db, { target: 7 });
    const insert = db.prepare(`INSERT INTO products (code, name, barcode, price, unit_measure, tax_code, tax_rate, updated_at)
      VALUES (?, ?, ?, ?, '94', '01', '19', 0)`);
    insert.run('CAF-500', 'Café Águila 500 g', '7702001001002', '10000');
    insert.run('SIN', 'Sin código de barras', null, '500');
    migrate(db, { target: 8 });
    expect(db.prepare('SELECT barcode, code, position FROM product_barcodes').all()).toEqual([{ barcode: '7702001001002', code: 'CAF-500', position: 0 }]);
    db.close();

    const store = openStore({ path: file });
    try {
      expect(store.findProductByBarcode('7702001001002')).toMatchObject({ code: 'CAF-500', barcode: '7702001001002', price: '10000' });
      expect(store.searchProducts('cafe aguila', 5).map((p) => p.code)).toEqual(['CAF-500']);
      expect(store.searchProducts('codigo', 5).map((p) => p.code)).toEqual(['SIN']);
      expect(store.getCatalogProduct('SIN')).toMatchObject({ active: true, category: null, shelfPrice: null, barcodes: [] });
      // The trigram index follows renames.
      const cafe = store.getCatalogProduct('CAF-500');
      if (!cafe) throw new Error('missing');
      store.saveCatalogProducts([{ ...cafe, name: 'Tinto de la casa' }]);
      expect(store.searchProducts('aguila', 5)).toEqual([]);
      expect(store.searchProducts('tinto', 5).map((p) => p.code)).toEqual(['CAF-500']);
    } finally {
      store.close();
    }
  });

  it('a barcode names one product, and a product a sale refers to is never deleted', () => {
    const store = openStore({ path: file });
    try {
      store.upsertProducts([{ code: 'A', name: 'Uno', barcode: '111', price: '1', unitMeasure: '94', taxCode: null, taxRate: null, discountRate: '0' }]);
      expect(() => store.upsertProducts([{ code: 'B', name: 'Dos', barcode: '111', price: '1', unitMeasure: '94', taxCode: null, taxRate: null, discountRate: '0' }]))
        .toThrow(/already belongs to product A/);
      expect(store.getCatalogProduct('B')).toBeNull();
    } finally {
      store.close();
    }
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    expect(() => db.prepare(`DELETE FROM products WHERE code = 'A'`).run()).toThrow(/deactivated, never deleted/);
    expect(db.prepare('SELECT count(*) AS n FROM products').get()).toEqual({ n: 1 });
    db.close();
  });
});
