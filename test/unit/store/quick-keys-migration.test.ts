/** The quick-keys migration, seed-then-migrate, and the counter's read of the keys from a real SQLite file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, migrate, migrations, openDatabase, openStore, type Store } from '../../../electron/core/store';
import type { CatalogProductDto } from '../../../shared/bridge/types';

const QUICK_KEYS = migrations.findIndex((m) => m.name === 'quick keys (issue 17)') + 1;

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-quick-keys-'));
  file = join(dir, 'mostrador.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const product = (code: string, name: string, extra: Partial<CatalogProductDto> = {}): CatalogProductDto => ({
  code, name, barcode: null, barcodes: [], price: '1500', unitMeasure: '94', taxCode: '04', taxRate: '8', discountRate: '0',
  category: null, active: true, shelfPrice: null, quickKey: false, quickKeyOrder: null, ...extra,
});

describe('quick keys migration', () => {
  it('keeps the products seeded before it, none of them a key, and the store reads and writes the flag after it', () => {
    expect(QUICK_KEYS).toBeGreaterThan(1);
    const db = openDatabase(file);
    migrate(db, { target: QUICK_KEYS - 1 });
    db.prepare(`INSERT INTO products (code, name, price, unit_measure, tax_code, tax_rate, discount_rate, active, category, shelf_price, search_key, updated_at)
      VALUES ('TIN', 'Tinto', '1388.89', '94', '04', '8', '0', 1, 'Cafetería', '1500.00', 'tin tinto', 0)`).run();
    db.prepare(`INSERT INTO product_barcodes (barcode, code, position) VALUES ('7702001001293', 'TIN', 0)`).run();
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(db.prepare('SELECT code, name, price, shelf_price, category, quick_key, quick_key_order FROM products').all())
      .toEqual([{ code: 'TIN', name: 'Tinto', price: '1388.89', shelf_price: '1500.00', category: 'Cafetería', quick_key: 0, quick_key_order: null }]);
    // The columns refuse what the store would never write.
    expect(() => db.prepare(`UPDATE products SET quick_key = 2`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE products SET quick_key_order = 0`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE products SET quick_key_order = 1000`).run()).toThrow(/CHECK/);
    db.close();

    const store = openStore({ path: file });
    try {
      expect(store.getCatalogProduct('TIN')).toMatchObject({ quickKey: false, quickKeyOrder: null, barcodes: ['7702001001293'] });
      expect(store.quickKeys(48)).toEqual([]);
      const tin = store.getCatalogProduct('TIN');
      if (!tin) throw new Error('missing');
      store.saveCatalogProducts([{ ...tin, quickKey: true, quickKeyOrder: 3 }]);
      expect(store.quickKeys(48)).toEqual([{
        code: 'TIN', name: 'Tinto', barcode: '7702001001293', price: '1388.89', unitMeasure: '94', taxCode: '04', taxRate: '8',
        discountRate: '0', category: 'Cafetería',
      }]);
    } finally {
      store.close();
    }
  });
});

describe('the counter\'s quick keys', () => {
  let store: Store;
  beforeEach(() => { store = openStore({ path: file }); });
  afterEach(() => store.close());

  it('lists active keys only: ordered ones first, then by name, at most the limit', () => {
    store.saveCatalogProducts([
      product('PAN', 'pan de bono', { quickKey: true }),
      product('EMP', 'Empanada', { quickKey: true, quickKeyOrder: 2 }),
      product('TIN', 'Tinto', { quickKey: true, quickKeyOrder: 1 }),
      product('AGU', 'Agua', { quickKey: true }),
      product('OLD', 'Arepa vieja', { quickKey: true, active: false }),
      product('CAF', 'Café molido'),
    ]);
    expect(store.quickKeys(48).map((k) => k.code)).toEqual(['TIN', 'EMP', 'AGU', 'PAN']);
    expect(store.quickKeys(2).map((k) => k.code)).toEqual(['TIN', 'EMP']);
    // Deactivating a product takes its key off the counter; activating it brings the key back.
    store.setProductActive('TIN', false);
    expect(store.quickKeys(48).map((k) => k.code)).toEqual(['EMP', 'AGU', 'PAN']);
    store.setProductActive('OLD', true);
    expect(store.quickKeys(48).map((k) => k.code)).toEqual(['EMP', 'AGU', 'OLD', 'PAN']);
  });

  it('keeps a key through the demo shelf\'s upsert, and refuses an order out of range', () => {
    store.saveCatalogProducts([product('TIN', 'Tinto', { quickKey: true, quickKeyOrder: 5, category: 'Cafetería' })]);
    store.upsertProducts([{ code: 'TIN', name: 'Tinto grande', barcode: null, price: '2000', unitMeasure: '94', taxCode: '04', taxRate: '8', discountRate: '0' }]);
    expect(store.getCatalogProduct('TIN')).toMatchObject({ name: 'Tinto grande', quickKey: true, quickKeyOrder: 5, category: 'Cafetería' });
    expect(() => store.saveCatalogProducts([product('X', 'X', { quickKey: true, quickKeyOrder: 0 })])).toThrow(/quick key order/);
    expect(() => store.saveCatalogProducts([product('X', 'X', { quickKey: true, quickKeyOrder: 1.5 })])).toThrow(/quick key order/);
    expect(store.getCatalogProduct('X')).toBeNull();
  });
});
