/**
 * Cobrar clears what it charged, not what arrived meanwhile: a product scanned while the charge was on its way is the
 * start of the next sale (the zustand store alone; no page).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../../shared/bridge/types';
import { useSale } from '../../../renderer/sale/sale-store';

const product = (code: string): ProductDto => ({
  code, name: `Producto ${code}`, barcode: null, price: '1000', unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0',
});
const charge = { saleId: 1, referenceCode: 'R7PFXA-01', shortNumber: 1, payable: '1190.00', cash: null };

describe('finishing a charge', () => {
  beforeEach(() => useSale.getState().finish(charge));

  it('keeps a line added after the charge started, and only that one', () => {
    useSale.getState().add(product('A'), 'es-CO');
    const charged = new Set(useSale.getState().lines.map((line) => line.id));
    useSale.getState().add(product('B'), 'es-CO'); // scanned while sales.charge was on its way
    useSale.getState().finish(charge, charged);
    expect(useSale.getState().lines.map((line) => line.code)).toEqual(['B']);
    expect(useSale.getState().lastCharge).toEqual(charge);
  });

  it('without the charged lines, clears everything (as before)', () => {
    useSale.getState().add(product('A'), 'es-CO');
    useSale.getState().finish(charge);
    expect(useSale.getState().lines).toEqual([]);
  });
});
