/**
 * Shelf prices with taxes included → the base price the service is sent. Checked against shared/money.ts (the
 * one calculation the service, receipt and history use) and against the independent BigInt reference.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLine } from '../../../shared/money';
import { basePriceForShelf } from '../../../shared/shelf-price';
import { formatCents, referenceLine } from '../../support/rational';

const iva = (rate: number) => [{ code: '01', rate }];

describe('basePriceForShelf, the examples of DOMAIN.md', () => {
  it('$11.900 with IVA 19 % → price 10000, tax 1900.00, payable 11900.00', () => {
    const r = basePriceForShelf({ shelfPrice: 11900, taxes: iva(19) });
    expect(r).toMatchObject({ price: '10000.00', payable: '11900.00', exact: true, difference: '0.00' });
    expect(calculateLine({ quantity: 1, price: r.price, discount_rate: 0, taxes: iva(19) }).taxes[0]?.amount).toBe('1900.00');
  });

  it('$5.000 with IVA 19 % → price 4201.68, tax 798.32, payable 5000.00', () => {
    const r = basePriceForShelf({ shelfPrice: '5000', taxes: iva(19) });
    expect(r).toMatchObject({ price: '4201.68', payable: '5000.00', exact: true });
    expect(calculateLine({ quantity: 1, price: r.price, discount_rate: 0, taxes: iva(19) }).taxes[0]?.amount).toBe('798.32');
  });

  it('says when no base with two decimals pays the shelf price, and by how much the nearest misses', () => {
    // Every cent of base adds 1.19 cents: some shelf cents are stepped over. Find one by brute force.
    let shelf = 1000;
    let missed = basePriceForShelf({ shelfPrice: shelf, taxes: iva(19) });
    while (missed.exact && shelf < 3000) missed = basePriceForShelf({ shelfPrice: ++shelf, taxes: iva(19) });
    expect(missed.exact).toBe(false);
    expect(Math.abs(Number(missed.difference))).toBe(0.01);
    expect(missed.payable).toBe((shelf + Number(missed.difference)).toFixed(2));
    expect(calculateLine({ quantity: 1, price: missed.price, discount_rate: 0, taxes: iva(19) }).payable).toBe(missed.payable);
  });

  it('names the first quantity whose line no longer pays quantity × shelf price', () => {
    // 4201.68 × 7 = 29411.76, IVA 5588.2344 → 5588.23, payable 34999.99: a cent short of 7 × 5000.
    expect(basePriceForShelf({ shelfPrice: 5000, taxes: iva(19) }).driftsAtQuantity).toBe(7);
    expect(basePriceForShelf({ shelfPrice: 11900, taxes: iva(19) }).driftsAtQuantity).toBeNull();
  });
});

/** Every base within ±50 cents of the shelf price ÷ (1 + rate), by the independent reference: which pay it exactly. */
function exactBasesByReference(shelfCents: bigint, rate: number, discount: number): bigint[] {
  // shelf ÷ ((1 − d/100)(1 + r/100)), in whole numbers: discounts here have at most one decimal.
  const estimate = (shelfCents * 100_000n) / (BigInt(1000 - Math.round(discount * 10)) * BigInt(100 + rate));
  const found: bigint[] = [];
  for (let c = estimate - 50n; c <= estimate + 50n; c++) {
    if (c < 0n) continue;
    const line = referenceLine({ quantity: 1, price: formatCents(c), discount_rate: discount, taxes: [{ code: '01', rate }] });
    if (line.payable === shelfCents) found.push(c);
  }
  return found;
}

describe('basePriceForShelf, property-based', () => {
  const shelfCents = fc.oneof(fc.bigInt({ min: 50n, max: 1_000_000_000n }).map((n) => n * 100n), fc.bigInt({ min: 1n, max: 1_000_000_000n }));
  const rate = fc.constantFrom(0, 5, 8, 19);
  const discount = fc.constantFrom(0, 0, 10, 15.5);

  it('an exact answer pays the shelf price by money.ts; an inexact one is right that no nearby base does', () => {
    fc.assert(fc.property(shelfCents, rate, discount, (cents, r, d) => {
      const shelf = formatCents(cents);
      const result = basePriceForShelf({ shelfPrice: shelf, taxes: iva(r), discountRate: d });
      const line = calculateLine({ quantity: 1, price: result.price, discount_rate: d, taxes: iva(r) });
      expect(line.payable).toBe(result.payable);
      const exactOnes = exactBasesByReference(cents, r, d);
      if (result.exact) {
        expect(result.payable).toBe(shelf);
        expect(exactOnes.map(formatCents)).toContain(result.price);
      } else {
        expect(exactOnes).toEqual([]);
        // The nearest: no base in the window misses by less.
        const miss = Math.abs(Math.round(Number(result.difference) * 100));
        expect(miss).toBeGreaterThan(0);
        expect(miss).toBeLessThanOrEqual(d === 0 ? 1 : 2);
      }
    }), { numRuns: 400 });
  });

  it('the drift check agrees with money.ts for the quantity it names and every one before it', () => {
    fc.assert(fc.property(fc.integer({ min: 50, max: 2_000_000 }), rate, (pesos, r) => {
      const result = basePriceForShelf({ shelfPrice: pesos, taxes: iva(r) });
      const last = result.driftsAtQuantity ?? 12;
      for (let q = 2; q <= last; q++) {
        const payable = calculateLine({ quantity: q, price: result.price, discount_rate: 0, taxes: iva(r) }).payable;
        const pays = payable === (pesos * q).toFixed(2) && result.exact;
        if (q === result.driftsAtQuantity) expect(payable).not.toBe((pesos * q).toFixed(2));
        else if (result.exact) expect(pays).toBe(true);
      }
    }), { numRuns: 200 });
  });
});

describe('basePriceForShelf, answers kept', () => {
  it('answers a repeated question the same, whatever the caller did with the first answer', () => {
    const first = basePriceForShelf({ shelfPrice: 5000, taxes: iva(19) });
    first.price = '1.00';
    first.driftsAtQuantity = null;
    expect(basePriceForShelf({ shelfPrice: 5000, taxes: iva(19) })).toMatchObject({ price: '4201.68', driftsAtQuantity: 7 });
    // Asked without the drift check, the drift is not reported from the earlier answer.
    expect(basePriceForShelf({ shelfPrice: 5000, taxes: iva(19) }, { checkQuantities: false }).driftsAtQuantity).toBeNull();
    // Another discount or rate is another question.
    expect(basePriceForShelf({ shelfPrice: 5000, taxes: iva(19), discountRate: 10 }).price).toBe('4668.53');
    expect(basePriceForShelf({ shelfPrice: 5000, taxes: iva(5) }).price).toBe('4761.90');
  });

  it('refuses malformed figures every time, not only the first', () => {
    for (let i = 0; i < 2; i++) {
      expect(() => basePriceForShelf({ shelfPrice: '12.345', taxes: iva(19) })).toThrow(RangeError);
      expect(() => basePriceForShelf({ shelfPrice: 'mil', taxes: iva(19) })).toThrow(RangeError);
      expect(() => basePriceForShelf({ shelfPrice: 100, taxes: iva(19), discountRate: 100 })).toThrow(RangeError);
    }
  });
});
