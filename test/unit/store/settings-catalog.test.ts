import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreError, type Product, type Store } from '../../../electron/core/store';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-settings-'));
  store = openStore({ path: join(dir, 'mostrador.sqlite') });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const pan: Product = { code: 'P-100', name: 'Pan tajado', barcode: '7702011000011', price: '6500', unitMeasure: '94', taxCode: null, taxRate: null, discountRate: '0' };
const leche: Product = { code: 'P-200', name: 'Leche entera 1 L', barcode: '7702001000022', price: '4200.50', unitMeasure: 'LTR', taxCode: '01', taxRate: '5', discountRate: '0' };
const cerveza: Product = { code: 'P-300', name: 'Cerveza 330 ml', barcode: null, price: '3500', unitMeasure: '94', taxCode: '04', taxRate: '8', discountRate: '10' };

describe('settings', () => {
  it('stores plain settings and refuses names that look like secrets', () => {
    store.setSetting('numbering_range_id', '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b');
    expect(store.getSetting('numbering_range_id')).toBe('6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b');
    expect(store.getSetting('missing')).toBeNull();
    for (const key of ['client_secret', 'apiPassword', 'access_token', 'TOKEN_URL', 'api_key']) {
      expect(() => store.setSetting(key, 'x')).toThrow(StoreError);
      expect(store.getSetting(key)).toBeNull();
    }
  });

  it('creates one till id per installation and never lets it be overwritten', () => {
    const till = store.tillId();
    expect(till).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(store.tillId()).toBe(till);
    expect(() => store.setSetting('till_id', 'AAAAAA')).toThrow(/fixed/);
  });
});

describe('catalog', () => {
  it('finds products by barcode and by code or name, with exact matches first', () => {
    expect(store.upsertProducts([pan, leche, cerveza])).toBe(3);
    expect(store.findProductByBarcode('7702001000022')).toEqual(leche);
    expect(store.findProductByBarcode('0000')).toBeNull();
    expect(store.searchProducts('leche', 10).map((p) => p.code)).toEqual(['P-200']);
    expect(store.searchProducts('P-', 10).map((p) => p.code)).toEqual(['P-300', 'P-200', 'P-100']);
    expect(store.searchProducts('7702011000011', 10).map((p) => p.code)).toEqual(['P-100']);
    expect(store.searchProducts('P-', 1)).toHaveLength(1);
  });

  it('updates a product by code and keeps prices as exact decimal text', () => {
    store.upsertProducts([leche]);
    store.upsertProducts([{ ...leche, price: '4350.75', name: 'Leche entera 1 L (bolsa)' }]);
    expect(store.searchProducts('leche', 10)).toEqual([{ ...leche, price: '4350.75', name: 'Leche entera 1 L (bolsa)' }]);
  });

  it('an import with a repeated barcode changes nothing at all', () => {
    store.upsertProducts([pan]);
    const clash = { ...leche, barcode: pan.barcode };
    expect(() => store.upsertProducts([cerveza, clash])).toThrow(/P-200/);
    expect(store.searchProducts('cerveza', 10)).toEqual([]);
  });

  it('refuses prices that are not exact decimals and half-given taxes', () => {
    expect(() => store.upsertProducts([{ ...pan, price: '6.500,00' }])).toThrow(/price/);
    expect(() => store.upsertProducts([{ ...pan, price: '1e3' }])).toThrow(/price/);
    expect(() => store.upsertProducts([{ ...pan, taxCode: '01' }])).toThrow(/tax/);
  });
});

describe('customers', () => {
  const ana = { identification_type: '13', identification: '1020304050', dv: '7', person_type: '2', name: 'Ana Gómez', tax_regime: '49', email: 'ana@example.co', municipality_code: '05001' };

  it('saves a buyer once per identification and finds them by name or number', () => {
    const first = store.upsertCustomer(ana);
    const again = store.upsertCustomer({ ...ana, email: 'ana.gomez@example.co' });
    expect(again.id).toBe(first.id);
    expect(store.searchCustomers('ana', 5)).toEqual([{ id: first.id, customer: { ...ana, email: 'ana.gomez@example.co' } }]);
    expect(store.searchCustomers('102030', 5)).toHaveLength(1);
    expect(store.searchCustomers('3040', 5)).toHaveLength(0); // identification matches from the start only
    const other = store.upsertCustomer({ ...ana, identification_type: '31', identification: '900373115', dv: '3', name: 'Ana SAS' });
    expect(other.id).not.toBe(first.id);
  });
});
