/** Migrations 11 and 12, seed-then-migrate: people and overrides, and each sale's till and cashier. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, openStore } from '../../../electron/core/store';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-people-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const customer = JSON.stringify({ identification_type: '13', identification: '222222222222', dv: '7', name: 'Consumidor final' });

describe('people migrations', () => {
  it('10 → 12 keeps the sales and gives each its till (id from its reference, this till\'s name) and no cashier', () => {
    const file = join(dir, 'mostrador.sqlite');
    const db = openDatabase(file);
    migrate(db, { target: 10 });
    db.prepare(`INSERT INTO settings (key, value) VALUES ('till_id', 'K7M2QX'), ('till_name', 'Caja Norte')`).run();
    db.prepare(
      `INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, short_number)
       VALUES ('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 1, ?, '[]', '{}', '{}', '1190.00', 1)`,
    ).run(customer);
    migrate(db);
    expect(db.prepare('SELECT till_id, till_name, cashier_id, cashier_name FROM sales').all())
      .toEqual([{ till_id: 'K7M2QX', till_name: 'Caja Norte', cashier_id: null, cashier_name: '' }]);
    expect(() => db.prepare(`INSERT INTO people (name, role, pin_hash, created_at, updated_at) VALUES ('Ana', 'boss', 'x', 0, 0)`).run()).toThrow(/CHECK/);
    db.prepare(`INSERT INTO people (name, role, pin_hash, created_at, updated_at) VALUES ('Ana', 'owner', 'x', 0, 0)`).run();
    expect(() => db.prepare(`INSERT INTO people (name, role, pin_hash, created_at, updated_at) VALUES ('ANA', 'cashier', 'y', 0, 0)`).run()).toThrow(/UNIQUE/);
    db.close();
  });

  it('a fresh store keeps people and overrides, and says a name is taken in words', () => {
    const store = openStore({ path: join(dir, 'fresh.sqlite'), now: () => 5 });
    const ana = store.addPerson({ name: ' Ana ', role: 'owner', pinHash: 'scrypt$h' });
    expect(ana).toEqual({ id: 1, name: 'Ana', role: 'owner', active: true });
    expect(() => store.addPerson({ name: 'ana', role: 'cashier', pinHash: 'scrypt$i' })).toThrow('There is already a person called ana.');
    store.recordOverride({ owner: ana, cashier: null, action: 'settings', detail: { kind: 'settings', fields: ['locale'] } });
    expect(store.listOverrides(10, 0)).toMatchObject({
      total: 1, overrides: [{ ownerName: 'Ana', cashierName: '', at: 5, saleShortNumber: null, detail: { kind: 'settings', fields: ['locale'] } }],
    });
    store.close();
  });

  it('overrides written as English sentences before issue 17 read back as facts where they can, else as their text', () => {
    const file = join(dir, 'old-words.sqlite');
    const db = openDatabase(file);
    migrate(db, { target: 12 });
    db.prepare(`INSERT INTO people (name, role, pin_hash, created_at, updated_at) VALUES ('Ana', 'owner', 'x', 0, 0)`).run();
    const insert = db.prepare(`INSERT INTO overrides (at, owner_id, owner_name, cashier_name, action, detail) VALUES (?, 1, 'Ana', 'Beto', ?, ?)`);
    insert.run(1, 'price', 'CAF-500 Café molido: catalog price 11200, 01 5 %; charged price 10500, 01 5 %');
    insert.run(2, 'price', 'Price or tax of CAF-500 may change on the open sale');
    insert.run(3, 'settings', 'Settings changed: tillName');
    db.close();
    const store = openStore({ path: file, now: () => 5 });
    expect(store.listOverrides(10, 0).overrides.map((o) => o.detail)).toEqual([
      { kind: 'text', text: 'Settings changed: tillName' },
      { kind: 'price-approved', code: 'CAF-500' },
      { kind: 'price', lines: [{ code: 'CAF-500', name: 'Café molido', catalogPrice: '11200', catalogTaxes: [{ code: '01', rate: '5' }], chargedPrice: '10500', chargedTaxes: [{ code: '01', rate: '5' }] }] },
    ]);
    store.close();
  });
});
