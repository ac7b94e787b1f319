import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from '../../../shared/limits';
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
      id: 'a', code: 'P-001', name: 'Café molido 500 g', unitMeasure: '94', quantity: '1', price: '18.900', discountRate: '0',
      tax: { code: '01', rate: '5' },
    }]);
  });

  it('counts an ungrouped price ("18900", typed or kept by an older open sale) as the catalog\'s price', () => {
    let lines = addProduct([], coffee, 'a', 'es-CO');
    lines = updateLine(lines, 'a', { price: '18900' });
    lines = addProduct(lines, coffee, 'b', 'es-CO');
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([['a', '2']]);
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
    expect(lines.map((l) => [l.id, l.price, l.quantity])).toEqual([['a', '17000', '1'], ['b', '18.900', '1']]);
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

describe('the cart\'s number fields, bounded by the shared limits', () => {
  const line = (patch: Partial<CartLine>): CartLine => ({
    id: 'x', code: 'P-001', name: 'Café', unitMeasure: '94', quantity: '1', price: '18900', discountRate: '0',
    tax: { code: '01', rate: '19' }, ...patch,
  });

  it.each([
    ['1000000000000000', 'problemQuantityTooLarge'], // a mis-scan: threw "quantity is too large" and blanked the page
    ['27702001001033', 'problemQuantityTooLarge'], // a barcode typed into the quantity
    ['100.000,001', 'problemQuantityTooLarge'],
    ['0,0001', 'problemQuantity'], // more decimals than LIMITS.quantityDecimals
    ['0', 'problemQuantity'],
  ])('quantity %s is refused by its field (%s) and stays out of the totals', (quantity, problem) => {
    const read = readCart([line({ quantity }), line({ id: 'y' })], 'es-CO');
    expect(read.problems.x).toEqual({ quantity: problem });
    expect(read.ready).toBe(false);
    expect(() => calculateTotals(read.inputs)).not.toThrow();
    expect(read.inputs).toHaveLength(1);
  });

  it('accepts the largest quantity and price the limits allow', () => {
    const read = readLine(line({ quantity: String(LIMITS.maxQuantity), price: String(LIMITS.maxPrice) }), 'en');
    expect(read.ok).toBe(true);
  });

  it('refuses a price above the limit, and a tax rate that is not a number (an open sale read back)', () => {
    expect(readLine(line({ price: String(LIMITS.maxPrice + 1) }), 'en')).toEqual({ ok: false, problems: { price: 'problemPriceTooLarge' } });
    expect(readLine(line({ tax: { code: '01', rate: 'abc' } }), 'en')).toEqual({ ok: false, problems: { tax: 'problemTax' } });
    expect(readLine(line({ tax: { code: '01', rate: '1000' } }), 'en')).toEqual({ ok: false, problems: { tax: 'problemTax' } });
  });

  const typed = fc.oneof(
    fc.string({ maxLength: 32 }), fc.stringMatching(/^[0-9.,]{1,32}$/), fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
    fc.constantFrom('1e15', '5e-324', 'Infinity', '-1'),
  );
  const locales = fc.constantFrom<'es-CO' | 'en'>('es-CO', 'en');

  it('never lets a typed quantity or price make the money calculation throw', () => {
    fc.assert(fc.property(typed, typed, locales, (quantity, price, locale) => {
      const read = readCart([line({ quantity, price })], locale);
      expect(() => calculateTotals(read.inputs)).not.toThrow();
    }));
  });

  it('never lets a typed discount or a stored tax rate make the money calculation throw', () => {
    fc.assert(fc.property(typed, typed, locales, (discountRate, rate, locale) => {
      const read = readCart([line({ discountRate, tax: { code: '01', rate } })], locale);
      expect(() => calculateTotals(read.inputs)).not.toThrow();
    }));
  });
});

