import { describe, expect, it } from 'vitest';
import type { ProductDto } from '../../../shared/bridge/types';
import { calculateTotals } from '../../../shared/money';
import {
  addProduct, readCart, readLine, removeLine, taxFromKey, taxKey, updateLine, type CartLine,
} from '../../../renderer/sale/cart';

const coffee: ProductDto = {
  code: 'P-001', name: 'Café molido 500 g', barcode: '7702001001234', price: '18900.00', unitMeasure: '94',
  taxCode: '01', taxRate: '5.00', discountRate: '0.00',
};
const cheese: ProductDto = {
  code: 'P-004', name: 'Queso campesino', barcode: null, price: '32000.00', unitMeasure: 'KGM',
  taxCode: '01', taxRate: '19', discountRate: '0',
};
const bread: ProductDto = { ...coffee, code: 'P-009', name: 'Pan', price: '500.00', taxCode: null, taxRate: null };

describe('the cart', () => {
  it('adds a product as a line with its price, discount and tax shown for editing', () => {
    const lines = addProduct([], coffee, 'a', 'es-CO');
    expect(lines).toEqual([{
      id: 'a', code: 'P-001', name: 'Café molido 500 g', unitMeasure: '94', quantity: '1', price: '18900', discountRate: '0',
      tax: { code: '01', rate: '5' },
    }]);
  });

  it('adds one more unit to an untouched line instead of a second line', () => {
    let lines = addProduct([], coffee, 'a', 'es-CO');
    lines = addProduct(lines, coffee, 'b', 'es-CO');
    lines = addProduct(lines, coffee, 'c', 'es-CO');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe('3');
  });

  it('keeps the decimals of a weighed quantity when adding one more unit', () => {
    let lines = addProduct([], cheese, 'a', 'es-CO');
    lines = updateLine(lines, 'a', { quantity: '0,375' });
    lines = addProduct(lines, cheese, 'b', 'es-CO');
    expect(lines[0]?.quantity).toBe('1,375');
  });

  it('starts a new line when the existing one had its price changed', () => {
    let lines = addProduct([], coffee, 'a', 'es-CO');
    lines = updateLine(lines, 'a', { price: '17000' });
    lines = addProduct(lines, coffee, 'b', 'es-CO');
    expect(lines.map((l) => [l.id, l.price, l.quantity])).toEqual([['a', '17000', '1'], ['b', '18900', '1']]);
  });

  it('has no tax for a product without one, and removes lines by id', () => {
    let lines = addProduct(addProduct([], bread, 'a', 'es-CO'), coffee, 'b', 'es-CO');
    expect(lines[0]?.tax).toBeNull();
    lines = removeLine(lines, 'a');
    expect(lines.map((l) => l.id)).toEqual(['b']);
  });

  it('reads a line into the exact calculation input and the invoice item', () => {
    const line: CartLine = {
      id: 'x', code: 'P-004', name: 'Queso', unitMeasure: 'KGM', quantity: '0,375', price: '32.000', discountRate: '5',
      tax: { code: '01', rate: '19' },
    };
    const read = readLine(line, 'es-CO');
    expect(read).toEqual({
      ok: true,
      input: { quantity: '0.375', price: '32000', discount_rate: '5', taxes: [{ code: '01', rate: '19' }] },
      item: { code: 'P-004', name: 'Queso', quantity: 0.375, unit_measure: 'KGM', price: 32000, discount_rate: 5, taxes: [{ code: '01', rate: 19 }] },
    });
  });

  it('names each field that is not right', () => {
    const line: CartLine = {
      id: 'x', code: 'c', name: 'n', unitMeasure: '94', quantity: '0', price: '1,005', discountRate: '100,5', tax: null,
    };
    expect(readLine(line, 'es-CO')).toEqual({
      ok: false, problems: { quantity: 'problemQuantity', price: 'problemPrice', discountRate: 'problemDiscount' },
    });
    expect(readLine({ ...line, quantity: '2', price: '1000', discountRate: '100' }, 'es-CO').ok).toBe(true);
  });

  it('is ready to charge only when every line reads; totals use the valid lines', () => {
    let lines = addProduct(addProduct([], coffee, 'a', 'es-CO'), cheese, 'b', 'es-CO');
    expect(readCart(lines, 'es-CO').ready).toBe(true);
    lines = updateLine(lines, 'b', { quantity: 'dos' });
    const cart = readCart(lines, 'es-CO');
    expect(cart.ready).toBe(false);
    expect(cart.problems).toEqual({ b: { quantity: 'problemQuantity' } });
    expect(calculateTotals(cart.inputs).payable).toBe('19845.00');
    expect(readCart([], 'es-CO').ready).toBe(false);
  });

  it('gives the same totals as the shared calculation of the items it sends', () => {
    const lines = updateLine(addProduct(addProduct([], coffee, 'a', 'es-CO'), cheese, 'b', 'es-CO'), 'b',
      { quantity: '0,375', discountRate: '5' });
    const cart = readCart(lines, 'es-CO');
    const fromItems = calculateTotals(cart.items.map((i) => ({ ...i })));
    expect(calculateTotals(cart.inputs)).toEqual(fromItems);
    expect(fromItems.payable).toBe('33411.00');
  });

  it('encodes a tax choice for a select and back', () => {
    expect(taxFromKey(taxKey({ code: '04', rate: '8' }))).toEqual({ code: '04', rate: '8' });
    expect(taxFromKey(taxKey(null))).toBeNull();
  });
});
