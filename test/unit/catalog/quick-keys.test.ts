/** Quick keys: the product rule's flag and order, the catalog handlers and the demo's keys, on a real SQLite file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogHandlers } from '../../../electron/core/app/catalog-handlers';
import { DEMO_PRODUCTS, DEMO_QUICK_KEYS, seedDemoCatalog } from '../../../electron/core/app/demo-catalog';
import { openStore, type Store } from '../../../electron/core/store';
import { parseBridgeInput } from '../../../shared/bridge/contract';
import { LIMITS } from '../../../shared/limits';
import { productInputSchema } from '../../../shared/product';

const tinto = {
  code: 'TIN', name: 'Tinto', barcodes: [], unitMeasure: '94', priceEntry: 'shelf' as const, price: 1500,
  tax: { code: '04', rate: 8 }, discountRate: 0, category: 'Cafetería', active: true,
};

describe('the product rule', () => {
  it('takes the flag and an optional whole order from 1, and nothing else', () => {
    expect(productInputSchema.safeParse(tinto).success).toBe(true);
    expect(productInputSchema.parse({ ...tinto, quickKey: true, quickKeyOrder: 1 })).toMatchObject({ quickKey: true, quickKeyOrder: 1 });
    expect(productInputSchema.parse({ ...tinto, quickKey: true, quickKeyOrder: null })).toMatchObject({ quickKeyOrder: null });
    expect(productInputSchema.parse({ ...tinto, quickKey: true, quickKeyOrder: LIMITS.maxQuickKeyOrder }).quickKeyOrder).toBe(999);
    for (const bad of [{ quickKey: 'sí' }, { quickKey: 1 }, { quickKeyOrder: 0 }, { quickKeyOrder: 1.5 }, { quickKeyOrder: 1000 }, { quickKeyOrder: '2' }]) {
      expect(productInputSchema.safeParse({ ...tinto, quickKey: true, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('the bridge reads catalog.quickKeys with no input, and refuses anything in it', () => {
    expect(parseBridgeInput('catalog.quickKeys', {}).ok).toBe(true);
    expect(parseBridgeInput('catalog.quickKeys', { limit: 500 }).ok).toBe(false);
    expect(parseBridgeInput('catalog.save', { mode: 'create', product: { ...tinto, quickKey: true, quickKeyOrder: -1 } }).ok).toBe(false);
  });
});

describe('catalog handlers', () => {
  let dir: string;
  let store: Store;
  let catalog: ReturnType<typeof catalogHandlers>;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mostrador-quick-keys-'));
    store = openStore({ path: join(dir, 'mostrador.sqlite') });
    catalog = catalogHandlers({ store, now: () => Date.UTC(2026, 10, 23) });
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a product saved as a quick key is on the counter with its base price and tax; unmarked, it leaves and forgets its order', async () => {
    expect(await catalog['catalog.save']({ product: { ...tinto, quickKey: true, quickKeyOrder: 4 }, mode: 'create' }))
      .toMatchObject({ quickKey: true, quickKeyOrder: 4, shelfPrice: '1500.00' });
    expect(await catalog['catalog.quickKeys']({})).toEqual([{
      code: 'TIN', name: 'Tinto', barcode: null, price: '1388.89', unitMeasure: '94', taxCode: '04', taxRate: '8', discountRate: '0', category: 'Cafetería',
    }]);
    // The form sends the flag every time; a product saved without it is not a key.
    expect(await catalog['catalog.save']({ product: tinto, mode: 'update' })).toMatchObject({ quickKey: false, quickKeyOrder: null });
    expect(await catalog['catalog.quickKeys']({})).toEqual([]);
    expect(await catalog['catalog.save']({ product: { ...tinto, quickKey: false, quickKeyOrder: 3 }, mode: 'update' })).toMatchObject({ quickKeyOrder: null });
  });

  it('shows at most LIMITS.maxQuickKeys keys, and a CSV re-import (no column for it) keeps the flag', async () => {
    for (let i = 1; i <= LIMITS.maxQuickKeys + 2; i += 1) {
      await catalog['catalog.save']({ product: { ...tinto, code: `K${String(i).padStart(2, '0')}`, name: `Tecla ${i}`, quickKey: true }, mode: 'create' });
    }
    const keys = await catalog['catalog.quickKeys']({});
    expect(keys).toHaveLength(LIMITS.maxQuickKeys);
    const file = Buffer.from('codigo;nombre;precio_con_iva;tarifa\nK01;Tinto doble;2500;8\nNUEVO;Pandebono;1800;0\n').toString('base64');
    expect(await catalog['catalog.importCommit']({ file })).toEqual({ created: 1, updated: 1, outcome: 'imported', saved: 2, rows: 2 });
    expect(store.getCatalogProduct('K01')).toMatchObject({ name: 'Tinto doble', quickKey: true });
    expect(store.getCatalogProduct('NUEVO')).toMatchObject({ quickKey: false, quickKeyOrder: null });
  });

  it('the demo marks its quick keys once, with their categories; the owner\'s changes stay', () => {
    expect(seedDemoCatalog(store)).toBe(true);
    const keys = store.quickKeys(48);
    expect(keys.map((k) => k.code)).toEqual(DEMO_QUICK_KEYS.map((k) => k.code));
    expect(keys.length).toBeGreaterThanOrEqual(8);
    expect(new Set(keys.map((k) => k.category))).toEqual(new Set(['Cafetería', 'Panadería', 'Bebidas', 'Lácteos']));
    // The owner takes one off; the demo does not put it back.
    const tin = store.getCatalogProduct('TIN-CAF');
    if (!tin) throw new Error('missing');
    store.saveCatalogProducts([{ ...tin, quickKey: false, quickKeyOrder: null }]);
    expect(seedDemoCatalog(store)).toBe(false);
    expect(store.quickKeys(48).map((k) => k.code)).not.toContain('TIN-CAF');
  });

  it('a demo seeded before quick keys existed gets them on its next start, keeping a category the owner gave', () => {
    // What the earlier version left: the shelf seeded and marked so, no keys.
    store.upsertProducts(DEMO_PRODUCTS);
    store.setSetting('catalog.demo_seeded', '1');
    const gas = store.getCatalogProduct('GAS-15');
    if (!gas) throw new Error('missing');
    store.saveCatalogProducts([{ ...gas, category: 'Gaseosas', price: '5000' }]);
    expect(seedDemoCatalog(store)).toBe(false);
    expect(store.quickKeys(48)).toHaveLength(DEMO_QUICK_KEYS.length);
    expect(store.getCatalogProduct('GAS-15')).toMatchObject({ quickKey: true, category: 'Gaseosas', price: '5000' });
  });
});
