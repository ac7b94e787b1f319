/** Tienda's product form opens a server product (base price only) as the shelf price it stands for, when that round-trips. */
import { describe, expect, it } from 'vitest';
import { basePriceForShelf } from '../../../shared/shelf-price';
import { shopProductOfInput } from '../../../shared/shop/shop-product';
import { catalogProductOf, listedShelfPrice, shelfPriceFor } from '../../../renderer/owner/shop-product-dto';

const base = { code: 'PAN-1', name: 'Pan', barcodes: ['770'], unitMeasure: '94', category: null, active: true, version: 3 };

describe('a shop product in the product form', () => {
  it('offers the shelf price a base was derived from, so the form shows what the owner typed', () => {
    for (const shelf of [5000, 2000, 1100, 18900, 999]) {
      const derived = basePriceForShelf({ shelfPrice: shelf, taxes: [{ code: '01', rate: 19 }] });
      if (!derived.exact) continue;
      expect(shelfPriceFor({ price: Number(derived.price), tax: { code: '01', rate: 19 }, discountRate: 0 })).toBe(shelf.toFixed(2));
    }
  });

  it('falls back to the base when no shelf price gives that very base back, or with a 100 % discount', () => {
    // 1025 at 19 % has no exact base: its nearest base's shelf price (1024.99 or 1025.01) derives another base or the same one.
    const nearest = basePriceForShelf({ shelfPrice: 1025, taxes: [{ code: '01', rate: 19 }] });
    const shelf = shelfPriceFor({ price: Number(nearest.price), tax: { code: '01', rate: 19 }, discountRate: 0 });
    if (shelf !== null) expect(basePriceForShelf({ shelfPrice: Number(shelf), taxes: [{ code: '01', rate: 19 }] }).price).toBe(nearest.price);
    expect(shelfPriceFor({ price: 1000, tax: { code: '01', rate: 19 }, discountRate: 100 })).toBeNull();
  });

  it('round-trips through the form\'s input to the same product at the server', () => {
    const server = { ...base, price: 4201.68, tax: { code: '01', rate: 19 }, discountRate: 0, quickKey: true, quickKeyOrder: 2 };
    const dto = catalogProductOf(server);
    expect(dto).toMatchObject({ price: '4201.68', shelfPrice: '5000.00', barcode: '770', taxCode: '01', taxRate: '19', quickKey: true, quickKeyOrder: 2 });
    const again = shopProductOfInput({ code: dto.code, name: dto.name, barcodes: dto.barcodes, unitMeasure: dto.unitMeasure, priceEntry: 'shelf', price: 5000,
      tax: { code: '01', rate: 19 }, discountRate: 0, category: null, active: true, quickKey: true, quickKeyOrder: 2 });
    expect(again).toEqual({ ok: true, product: { ...server, version: undefined } });
    const untaxed = catalogProductOf({ ...base, price: 2500, tax: null, discountRate: 0 });
    expect(untaxed).toMatchObject({ shelfPrice: '2500.00', taxCode: null, quickKey: false, quickKeyOrder: null });
  });

  it('lists under the base the shelf price it stands for, and none where that is the base itself', () => {
    expect(listedShelfPrice({ price: 4201.68, tax: { code: '01', rate: 19 }, discountRate: 0 })).toBe('5000.00');
    expect(listedShelfPrice({ price: 2500, tax: null, discountRate: 0 })).toBeNull();
    expect(listedShelfPrice({ price: 2500, tax: { code: '01', rate: 0 }, discountRate: 0 })).toBeNull();
    expect(listedShelfPrice({ price: 1000, tax: { code: '01', rate: 19 }, discountRate: 100 })).toBeNull();
  });
});
