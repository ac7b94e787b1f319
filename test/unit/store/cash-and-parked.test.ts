import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openStore, StoreError, type SaleInput, type Store } from '../../../electron/core/store';
import type { OpenSaleDraft } from '../../../shared/open-sale';

const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const CUSTOMER = {
  identification_type: '13', identification: '52345678', dv: '3', person_type: '2', name: 'Luis Pérez',
  tax_regime: '49', email: 'luis@example.co', municipality_code: '76001',
};
// 2 × 4 201.68 with IVA 19 %: payable 10 000.00 (two shelf prices of $5.000).
const SALE: SaleInput = {
  customer: CUSTOMER,
  items: [{ code: 'GAS', name: 'Gaseosa', quantity: 2, unit_measure: '94', price: 4201.68, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] }],
  payment: { form_code: '1', means_code: '10' },
  numberingRangeId: RANGE,
};
const draft = (name: string): OpenSaleDraft => ({
  lines: [{ id: 'line-1', code: 'P1', name, unitMeasure: '94', quantity: '1', price: '1000', discountRate: '0', tax: null }],
  customer: null,
  payment: { form_code: '1', means_code: '10' },
});

let dir: string;
let file: string;
const stores: Store[] = [];
const open = (): Store => {
  const store = openStore({ path: file, now: () => 1_700_000_000_000 });
  stores.push(store);
  return store;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-counter-'));
  file = join(dir, 'mostrador.sqlite');
});
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 10: cash tendered and parked sales', () => {
  it('9 → 10 keeps stored sales without cash and open sales in their slots', () => {
    const db = new Database(file);
    migrate(db, { target: 9 });
    db.prepare(`INSERT INTO open_sales (slot, draft, updated_at) VALUES ('counter', ?, 1)`).run(JSON.stringify(draft('Pan')));
    migrate(db, { target: 10 });
    expect(db.prepare('SELECT slot, parked_number FROM open_sales').all()).toEqual([{ slot: 'counter', parked_number: null }]);
    db.close();
    const store = open();
    const sale = store.recordSale(SALE);
    expect(store.getSale(sale.saleId)?.cash).toBeNull();
    expect(store.getOpenSale('counter')?.draft).toEqual(draft('Pan'));
  });
});

describe('cash received is stored with the sale', () => {
  it('records received, the amount asked and the change', () => {
    const store = open();
    const sale = store.recordSale({ ...SALE, cashReceived: 20_000 });
    expect(sale.cash).toEqual({ received: '20000.00', due: '10000.00', change: '10000.00' });
    expect(store.getSale(sale.saleId)?.cash).toEqual(sale.cash);
  });

  it('asks for the total rounded to the smallest coin (50 pesos) and records the change from it', () => {
    const store = open();
    // 1 × 1 000.10 + IVA 19 % = 1 190.12: asked 1 200 in cash (the invoice stays 1 190.12).
    const sale = store.recordSale({ ...SALE, items: [{ ...SALE.items[0]!, quantity: 1, price: 1000.1 }], cashReceived: 2_000 });
    expect(sale.totals.payable).toBe('1190.12');
    expect(sale.cash).toEqual({ received: '2000.00', due: '1200.00', change: '800.00' });
  });

  it('refuses a cash sale paid short, or cash on a card payment, and writes nothing', () => {
    const store = open();
    expect(() => store.recordSale({ ...SALE, cashReceived: 9_950 })).toThrow(StoreError);
    expect(() => store.recordSale({ ...SALE, payment: { form_code: '1', means_code: '48' }, cashReceived: 20_000 })).toThrow(StoreError);
    expect(store.searchSales({ limit: 5 }).total).toBe(0);
  });
});

describe('parked sales', () => {
  it('park empties the slot; recall brings the sale back and parks what was on the counter, each once', () => {
    const store = open();
    store.saveOpenSale('counter', draft('Pan'));
    const first = store.parkSale('counter', draft('Pan'), 20);
    expect(first.number).toBe(1);
    expect(store.getOpenSale('counter')).toBeNull();
    store.saveOpenSale('counter', draft('Leche'));
    const moved = store.recallParkedSale(1, 'counter', draft('Leche'), 20);
    expect(moved?.parkedCurrent).toBe(2);
    expect(store.getOpenSale('counter')?.draft).toEqual(draft('Pan'));
    expect(store.listParkedSales().map((p) => [p.number, (p.draft as OpenSaleDraft).lines[0]?.name])).toEqual([[2, 'Leche']]);
    expect(store.recallParkedSale(1, 'counter', null, 20)).toBeNull();
  });

  it('refuses an empty sale and more than the limit, leaving everything as it was', () => {
    const store = open();
    expect(() => store.parkSale('counter', { ...draft('x'), lines: [] }, 20)).toThrow(StoreError);
    store.parkSale('counter', draft('A'), 2);
    store.parkSale('counter', draft('B'), 2);
    store.saveOpenSale('counter', draft('C'));
    expect(() => store.parkSale('counter', draft('C'), 2)).toThrow(StoreError);
    expect(store.getOpenSale('counter')?.draft).toEqual(draft('C'));
    // A full list still lets the cashier swap: the recalled sale's place is taken by the one on the counter.
    expect(store.recallParkedSale(1, 'counter', draft('C'), 2)?.parkedCurrent).toBe(3);
    expect(store.listParkedSales().map((p) => p.number)).toEqual([2, 3]);
  });

  it('a parked sale survives a restart and is never the counter slot', () => {
    const store = open();
    store.parkSale('counter', draft('Pan'), 20);
    store.close();
    const again = open();
    expect(again.getOpenSale('counter')).toBeNull();
    expect(again.listParkedSales()).toHaveLength(1);
  });
});
