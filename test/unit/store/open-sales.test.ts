import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSaleHandlers } from '../../../electron/core/app/open-sale-handlers';
import { dispatch, type BridgeHandlers } from '../../../electron/core/bridge/dispatch';
import { openStore, type SaleInput, type Store } from '../../../electron/core/store';
import type { OpenSaleDraft } from '../../../shared/open-sale';

const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const CUSTOMER = {
  identification_type: '13', identification: '52345678', dv: '3', person_type: '2', name: 'Luis Pérez',
  tax_regime: '49', email: 'luis@example.co', municipality_code: '76001',
};
const DRAFT: OpenSaleDraft = {
  lines: [
    { id: 'line-1', code: 'CAF-500', name: 'Café molido 500 g', unitMeasure: '94', quantity: '2', price: '18900', discountRate: '0', tax: { code: '01', rate: '5' } },
    // A half-typed value is part of the open sale until the cashier fixes it.
    { id: 'line-2', code: 'GAS-15', name: 'Gaseosa cola 1,5 L', unitMeasure: '94', quantity: '1,', price: '5500', discountRate: '0', tax: null },
  ],
  customer: CUSTOMER,
  payment: { form_code: '1', means_code: '49' },
};
const SALE: SaleInput = {
  customer: CUSTOMER,
  items: [{ code: 'CAF-500', name: 'Café molido 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] }],
  payment: { form_code: '1', means_code: '49' },
  numberingRangeId: RANGE,
};

let dir: string;
let file: string;
const stores: Store[] = [];
function open(): Store {
  const store = openStore({ path: file, now: () => 1_700_000_000_000 });
  stores.push(store);
  return store;
}
/** A second connection to the same file, as another process (or a crash) would see it. */
function raw(): Database.Database {
  return new Database(file);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-open-sale-'));
  file = join(dir, 'mostrador.sqlite');
});
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the open sale in the store', () => {
  it('is saved, replaced and read back after the file is closed and opened again (a restart)', () => {
    const first = open();
    expect(first.getOpenSale('counter')).toBeNull();
    first.saveOpenSale('counter', { ...DRAFT, lines: [] });
    first.saveOpenSale('counter', DRAFT);
    first.close();
    const again = open();
    expect(again.getOpenSale('counter')).toEqual({ draft: DRAFT, updatedAt: 1_700_000_000_000 });
    expect(again.getOpenSale('other')).toBeNull();
  });

  it('is cleared by the charge that records its sale, in the same transaction', () => {
    const store = open();
    store.saveOpenSale('counter', DRAFT);
    store.saveOpenSale('parked', DRAFT);
    const recorded = store.recordSale({ ...SALE, openSaleSlot: 'counter' });
    expect(store.getSale(recorded.saleId)).not.toBeNull();
    expect(store.getOpenSale('counter')).toBeNull();
    expect(store.getOpenSale('parked')).not.toBeNull(); // only the slot that was charged
  });

  it('stays when the sale is not recorded (the clear rolls back with the sale)', () => {
    const store = open();
    store.saveOpenSale('counter', DRAFT);
    // Make the commit fail after the open sale was cleared: the whole transaction must roll back.
    const db = raw();
    db.exec(`CREATE TRIGGER refuse_clear AFTER DELETE ON open_sales BEGIN SELECT RAISE(ABORT, 'disk said no'); END;`);
    db.close();
    expect(() => store.recordSale({ ...SALE, openSaleSlot: 'counter' })).toThrow(/disk said no/);
    expect(store.searchSales({ limit: 10 }).total).toBe(0);
    expect(store.getOpenSale('counter')?.draft).toEqual(DRAFT);
  });

  it('is not cleared by a sale that does not name it (e.g. a charge from another window)', () => {
    const store = open();
    store.saveOpenSale('counter', DRAFT);
    store.recordSale(SALE);
    expect(store.getOpenSale('counter')?.draft).toEqual(DRAFT);
  });
});

describe('openSale.get / openSale.save through the bridge dispatch', () => {
  const handlersOf = (store: Store, logs: string[] = []) =>
    openSaleHandlers({ store, log: (line) => logs.push(line) }) as unknown as BridgeHandlers;

  it('saves a valid draft in the default slot and gives it back', async () => {
    const handlers = handlersOf(open());
    expect(await dispatch(handlers, 'openSale.save', { draft: DRAFT })).toEqual({ ok: true, value: { savedAt: 1_700_000_000_000 } });
    expect(await dispatch(handlers, 'openSale.get', {})).toEqual({ ok: true, value: { draft: DRAFT, updatedAt: 1_700_000_000_000 } });
  });

  it.each([
    ['a 1.5 MB product name', { lines: [{ ...DRAFT.lines[0], name: 'x'.repeat(1_500_000) }] }, 'draft.lines.0.name'],
    ['a typed quantity longer than any number', { lines: [{ ...DRAFT.lines[0], quantity: '9'.repeat(5000) }] }, 'draft.lines.0.quantity'],
    ['more lines than a sale may have', { lines: Array.from({ length: 1000 }, (_, i) => ({ ...DRAFT.lines[0], id: `line-${i}` })) }, 'draft.lines'],
    ['an unknown property', { extra: true }, 'draft'],
    ['a customer that is not one', { customer: { name: 'x' } }, 'draft.customer'],
    ['a payment without its means', { payment: { form_code: '1' } }, 'draft.payment.means_code'],
  ])('refuses %s with the field, and nothing is written', async (_, patch, field) => {
    const store = open();
    const handlers = handlersOf(store);
    store.saveOpenSale('counter', DRAFT);
    const answer = await dispatch(handlers, 'openSale.save', { draft: { ...DRAFT, ...patch } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    if (answer.ok) return;
    expect(Object.keys(answer.error.fields ?? {})).toContain(field);
    expect(store.getOpenSale('counter')?.draft).toEqual(DRAFT);
  });

  it('sets aside a stored open sale that no longer meets the schema instead of handing it to the screen', async () => {
    const store = open();
    const logs: string[] = [];
    const db = raw();
    db.prepare('INSERT INTO open_sales (slot, draft, updated_at) VALUES (?, ?, ?)').run('counter', '{"lines":"not a list"}', 1);
    db.close();
    expect(await dispatch(handlersOf(store, logs), 'openSale.get', {})).toEqual({ ok: true, value: null });
    expect(logs.join('\n')).toMatch(/could not be read back/);
  });
});
