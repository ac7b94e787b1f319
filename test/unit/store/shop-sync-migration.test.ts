import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openStore } from '../../../electron/core/store';
import { sampleSale } from '../../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-shop-sync-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const version = migrations.findIndex((m) => m.name.startsWith('the shop server')) + 1;
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';

describe('shop server migration (issue 20)', () => {
  it('a file from the version before: its people get server keys, every sale is due once, edits are recorded only while paired', () => {
    const file = join(dir, 'mostrador.sqlite');
    const db = new Database(file);
    migrate(db, { target: version - 1 });
    db.prepare(`INSERT INTO people (name, role, pin_hash, created_at, updated_at) VALUES ('Ana', 'owner', 'scrypt$1$1$1$a$b', 1, 1), ('Luis', 'cashier', 'scrypt$1$1$1$c$d', 1, 1)`).run();
    db.close();

    const store = openStore({ path: file });
    const sale = store.recordSale(sampleSale(1, RANGE));
    const keys = store.peopleForShop().map((p) => p.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(2);
    expect(store.shopState()).toEqual({ paired: false, cursor: 0, generation: null });
    expect(store.dueSales(10).map((d) => [d.saleId, d.sale.revision])).toEqual([[sale.saleId, 1]]);

    // Not paired: an edit is only an edit.
    store.saveCatalogProducts([{
      code: 'A', name: 'A', barcode: null, barcodes: ['1'], price: '10', shelfPrice: null, unitMeasure: '94', taxCode: null, taxRate: null,
      discountRate: '0', category: null, active: true, quickKey: false, quickKeyOrder: null,
    }]);
    expect(store.shopCommandsWaiting()).toBe(0);
    // Paired: the same edit becomes one pending command (barcode and row changes join it).
    store.recordShopPairing({ 'shop.till_id': 'f'.repeat(32) }, 0);
    store.saveCatalogProducts([{ ...store.getCatalogProduct('A')!, price: '12', barcodes: ['1', '2'] }]);
    store.setProductActive('A', false);
    expect(store.shopCommandsWaiting()).toBe(1);

    // A revision grows with what the server is told: a reprint, the service's answer.
    store.recordReprint(sale.saleId, { fiscal: false });
    expect(store.dueSales(10)[0]?.sale).toMatchObject({ revision: 2, reprints: 1 });
    store.markSalesPushed([{ saleId: sale.saleId, revision: 2 }]);
    expect(store.salesWaitingForShop()).toBe(0);
    // An older acknowledgement arriving late never lowers it.
    store.markSalesPushed([{ saleId: sale.saleId, revision: 1 }]);
    expect(store.salesWaitingForShop()).toBe(0);

    // Unpairing forgets what only that server knew.
    store.forgetShopPairing(['shop.till_id']);
    expect(store.shopState()).toEqual({ paired: false, cursor: 0, generation: null });
    expect(store.shopCommandsWaiting()).toBe(0);
    expect(store.salesWaitingForShop()).toBe(1);
    expect(store.getSetting('shop.till_id')).toBeNull();
    store.close();
  });
});
