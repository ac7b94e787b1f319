/** History search (issue 10): the ways a person finds a sale, the filters, the capped count, the indexes' upkeep. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDocument } from '../../../shared/api/document';
import { LIMITS } from '../../../shared/limits';
import { migrate, openStore, type SaleInput, type Store } from '../../../electron/core/store';

const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const CUFE = '3f9a0c7be1d2'.padEnd(96, '0');

function sale(customer: Partial<SaleInput['customer']> = {}, means = '10'): SaleInput {
  return {
    customer: {
      identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Tienda La Esquina SAS',
      tax_regime: '48', email: 'compras@laesquina.co', municipality_code: '11001', ...customer,
    },
    items: [{ code: 'P-001', name: 'Arroz 500 g', quantity: 1, unit_measure: '94', price: 2500, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] }],
    payment: { form_code: '1', means_code: means },
    numberingRangeId: RANGE,
  };
}

let dir: string;
let clock: number;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-history-'));
  clock = Date.UTC(2026, 10, 23, 15, 0, 0);
  store = openStore({ path: join(dir, 'pos.sqlite'), now: () => clock });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = (search: Parameters<Store['searchSales']>[0]) => store.searchSales(search).sales.map((s) => s.id);

describe('history search', () => {
  it('finds a sale by the first characters of its CUFE, in either case, and not by three', () => {
    const a = store.recordSale(sale());
    store.recordSale(sale());
    store.markValidated(a.entryId, readDocument({ id: 'd-1', status: 'VALIDATED', reference_code: a.referenceCode, full_number: 'SETP990000001', cufe: CUFE }));
    expect(ids({ text: '3f9a0c7b', limit: 10 })).toEqual([a.saleId]);
    expect(ids({ text: '3F9A', limit: 10 })).toEqual([a.saleId]);
    expect(ids({ text: CUFE, limit: 10 })).toEqual([a.saleId]);
    expect(ids({ text: '3f9', limit: 10 })).toEqual([]);
  });

  it('reads «000002» and «Caja 1 · 000002» as that sale number alone, never an invoice or reference containing it (issue 26)', () => {
    const stamped = () => {
      const recorded = store.recordSale(sale());
      store.stampSale(recorded.saleId, { tillId: 'K7M2QX', tillName: 'Caja 1', cashier: null, usedOverrides: [] });
      return recorded;
    };
    stamped();
    const two = stamped();
    const three = stamped();
    // Sale 3's invoice number starts with «000002» (after its prefix): the invoice search would find it.
    store.markValidated(three.entryId, readDocument({ id: 'd-3', status: 'VALIDATED', reference_code: three.referenceCode, full_number: 'SETP0000021', cufe: CUFE }));
    expect(ids({ text: '0000021', limit: 10 })).toEqual([three.saleId]);
    expect(ids({ text: '00000', limit: 10 })).toContain(three.saleId);
    expect(ids({ text: '000002', limit: 10 })).toEqual([two.saleId]);
    expect(ids({ text: 'Caja 1 · 000002', limit: 10 })).toEqual([two.saleId]);
    expect(ids({ text: 'caja  1 ·2', limit: 10 })).toEqual([two.saleId]);
    expect(ids({ text: 'Caja 9 · 000002', limit: 10 })).toEqual([]);
  });

  it('finds a buyer by NIT written with dots and DV, and by name without accents or capitals', () => {
    const nit = store.recordSale(sale());
    const person = store.recordSale(sale({ identification_type: '13', identification: '1020304050', dv: '6', person_type: '2', name: 'José Peña Muñoz' }));
    expect(ids({ text: '900.373.115-3', limit: 10 })).toEqual([nit.saleId]);
    expect(ids({ text: '900373115-3', limit: 10 })).toEqual([nit.saleId]);
    expect(ids({ text: 'jose pena', limit: 10 })).toEqual([person.saleId]);
    expect(ids({ text: 'MUNOZ', limit: 10 })).toEqual([person.saleId]);
    expect(ids({ text: '0203040', limit: 10 })).toEqual([person.saleId]);
  });

  it('filters by payment means, cashier and till, alone and with text and a time window', () => {
    const owner = store.addPerson({ name: 'Marta', role: 'owner', pinHash: 'x' });
    const stampBy = (cashierId: number | null, tillId: string) => (saleId: number) =>
      store.stampSale(saleId, { tillId, tillName: tillId, cashier: cashierId === null ? null : owner, usedOverrides: [] });
    const cash = store.recordSale({ ...sale(), stamp: stampBy(owner.id, 'AAAAAA') });
    clock += 3_600_000;
    const card = store.recordSale({ ...sale({}, '48'), stamp: stampBy(null, 'AAAAAA') });
    clock += 3_600_000;
    const otherTill = store.recordSale({ ...sale({ name: 'Otra Tienda' }, '48'), stamp: stampBy(owner.id, 'BBBBBB') });
    expect(ids({ paymentMeans: '48', limit: 10 })).toEqual([otherTill.saleId, card.saleId]);
    expect(ids({ cashierId: owner.id, limit: 10 })).toEqual([otherTill.saleId, cash.saleId]);
    expect(ids({ tillId: 'AAAAAA', paymentMeans: '48', limit: 10 })).toEqual([card.saleId]);
    expect(ids({ text: 'esquina', cashierId: owner.id, limit: 10 })).toEqual([cash.saleId]);
    const from = clock - 2 * 3_600_000 + 1;
    expect(ids({ from, to: clock + 1, paymentMeans: '48', limit: 10 })).toEqual([otherTill.saleId, card.saleId]);
    expect(ids({ from, to: clock, cashierId: owner.id, limit: 10 })).toEqual([]);
    expect(store.searchSales({ limit: 1 }).sales[0]).toMatchObject({ id: otherTill.saleId, paymentMeans: '48', cashierName: 'Marta', tillName: 'BBBBBB' });
  });

  it('counts up to the cap and says there are more, while paging stays exact', () => {
    const cap = LIMITS.historyCountCap;
    for (let i = 0; i < cap + 5; i++) store.recordSale(sale(i === 0 ? { name: 'Primera Venta' } : {}));
    const first = store.searchSales({ limit: 20 });
    expect(first).toMatchObject({ total: cap, capped: true });
    expect(first.sales[0]?.id).toBe(cap + 5);
    // A page past the cap is still found, and the very first sale is on the last page.
    const last = store.searchSales({ limit: 10, offset: cap });
    expect(last.sales.map((s) => s.id)).toEqual([5, 4, 3, 2, 1]);
    expect(store.searchSales({ text: 'primera', limit: 10 })).toMatchObject({ total: 1, capped: false });
    expect(store.searchSales({ text: 'esquina', limit: 10 })).toMatchObject({ total: cap, capped: true });
  });

  it('keeps the indexes when the buyer of a stored sale is corrected (a trigger, not the writer, keeps them)', () => {
    const a = store.recordSale(sale());
    // The service refused it outright (it never stored it), so the owner may correct the buyer under the same reference.
    store.claimNext(1);
    store.recordAttempt(a.entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400, message: 'customer: not valid' });
    store.markNeedsAttention(a.entryId, 'customer: not valid');
    const fixed = { ...sale().customer, identification_type: '31', identification: '800197268', dv: '4', person_type: '1', name: 'Droguería Nueva' };
    store.correctSale({ saleId: a.saleId, customer: fixed, reason: 'el NIT era otro', actor: { person: null, approvedBy: null } });
    expect(ids({ text: 'drogueria nueva', limit: 10 })).toEqual([a.saleId]);
    expect(ids({ text: '800197268', limit: 10 })).toEqual([a.saleId]);
    expect(ids({ text: a.referenceCode.slice(-10), limit: 10 })).toEqual([a.saleId]);
  });

  it('13 → 14 indexes the sales already stored; 14 → 15 adds the reprint log', () => {
    store.close();
    const path = join(dir, 'old.sqlite');
    const db = new Database(path);
    migrate(db, { target: 13 });
    db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, customer_name, customer_identification, short_number)
      VALUES ('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 1, '{}', '[]', '{"form_code":"1","means_code":"47"}', '{}', '100.00', 'Ana Gómez', '1020304050', 1)`).run();
    db.prepare(`INSERT INTO outbox (sale_id, state, request_body, next_attempt_at, created_at, updated_at, full_number, cufe)
      VALUES (1, 'validated', '{}', 0, 0, 0, 'FEV77', 'ABCDEF0123')`).run();
    migrate(db, { target: 14 });
    expect(db.prepare('SELECT payment_means FROM sales').pluck().get()).toBe('47');
    expect(() => db.prepare('SELECT * FROM reprints').all()).toThrow(/no such table/);
    migrate(db, { target: 15 });
    expect(db.prepare('SELECT count(*) FROM reprints').pluck().get()).toBe(0);
    db.close();
    store = openStore({ path });
    for (const text of ['ana gomez', '1020304050', 'AAAAAAAA', 'fev77', '77', 'abcdef01']) {
      expect(ids({ text, limit: 5 }), text).toEqual([1]);
    }
    expect(ids({ paymentMeans: '47', limit: 5 })).toEqual([1]);
  });
});
