/**
 * A money field left by the cashier shows its amount grouped, reading the store as it is at that moment: the blur
 * that follows Cobrar must not bring back the cash of the sale just charged, and a regroup is no change of the sale
 * (a total asked to confirm stays asked). The zustand store alone; no page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../../shared/bridge/types';
import { useSale } from '../../../renderer/sale/sale-store';

const product: ProductDto = {
  code: 'A', name: 'Producto A', barcode: null, price: '1000', unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0',
};
const charge = { saleId: 1, referenceCode: 'R7PFXA-01', shortNumber: 1, payable: '1190.00', cash: null };

describe('regrouping a money field on blur', () => {
  beforeEach(() => useSale.getState().finish(charge));

  it('groups the cash typed, in the screen\'s locale', () => {
    useSale.getState().setCashReceived('50000');
    useSale.getState().regroupCash('es-CO');
    expect(useSale.getState().cashReceived).toBe('50.000');
  });

  it('after Cobrar cleared the cash, the late blur leaves it empty', () => {
    useSale.getState().setCashReceived('50000');
    useSale.getState().finish(charge);
    useSale.getState().regroupCash('es-CO');
    expect(useSale.getState().cashReceived).toBe('');
  });

  it('groups a price and keeps the total asked to confirm; a line already charged is left alone', () => {
    useSale.getState().add(product, 'es-CO');
    const [line] = useSale.getState().lines;
    useSale.getState().update(line!.id, { price: '25000000' });
    useSale.getState().askToConfirmTotal('29750000.00');
    useSale.getState().regroupPrice(line!.id, 'es-CO');
    expect(useSale.getState().lines[0]?.price).toBe('25.000.000');
    expect(useSale.getState().confirmingTotal).toBe('29750000.00');
    useSale.getState().finish(charge);
    useSale.getState().regroupPrice(line!.id, 'es-CO');
    expect(useSale.getState().lines).toEqual([]);
  });
});
