import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS, seedDemoCatalog } from '../../../electron/core/app/demo-catalog';
import { openStore } from '../../../electron/core/store';
import { TAX_TYPES, UNIT_MEASURES } from '../../../shared/codes';
import { calculateLine } from '../../../shared/money';

function ean13Valid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

describe('demo catalog', () => {
  it('has about thirty products with valid Colombian EAN-13 barcodes, known units and usual tax rates', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(28);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.barcode)).size).toBe(DEMO_PRODUCTS.length);
    for (const p of DEMO_PRODUCTS) {
      expect(ean13Valid(p.barcode ?? ''), p.code).toBe(true);
      expect(p.barcode?.startsWith('770')).toBe(true);
      expect(Object.keys(UNIT_MEASURES)).toContain(p.unitMeasure);
      expect(Object.keys(TAX_TYPES)).toContain(p.taxCode);
      expect(`${p.taxCode}:${p.taxRate}`).toMatch(/^(01:(0|5|19)|04:8)$/);
      const line = calculateLine({ quantity: 1, price: p.price, discount_rate: p.discountRate, taxes: [{ code: p.taxCode ?? '', rate: p.taxRate ?? '0' }] });
      expect(Number(line.payable)).toBeGreaterThan(0);
    }
  });

  it('is seeded once, so later edits are not overwritten', () => {
    const store = openStore({ path: ':memory:' });
    expect(seedDemoCatalog(store)).toBe(true);
    expect(store.findProductByBarcode('7702001001002')?.name).toBe('Café molido tradicional 500 g');
    store.upsertProducts([{ ...DEMO_PRODUCTS[0]!, price: '19900' }]);
    expect(seedDemoCatalog(store)).toBe(false);
    expect(store.findProductByBarcode('7702001001002')?.price).toBe('19900');
    store.close();
  });
});
