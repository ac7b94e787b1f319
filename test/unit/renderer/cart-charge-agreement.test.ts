/**
 * One rule in one place: the cart judges every typed number with the shared sale-line rules, so a cart it accepts
 * is a `sales.charge` the core accepts, and a field it refuses is the field the core would refuse.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Locale } from '../../../shared/bridge/types';
import { consumidorFinal } from '../../../shared/customer';
import { openSaleLineSchema } from '../../../shared/open-sale';
import { chargeSchema, saleLineSchema } from '../../../shared/sale-input';
import { decimalForInput } from '../../../renderer/format/decimal-text';
import { readCart, readLine, type CartLine, type LineField } from '../../../renderer/sale/cart';

const CUSTOMER = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' });
const PAYMENT = { form_code: '1', means_code: '10' };

/** Numbers a cashier (or a mis-scan, or a stored open sale) could put in a field, edges included. */
const number = fc.oneof(
  // up to 5 decimals, so 3-decimal prices and 4-decimal quantities appear often
  fc.tuple(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 5 })).map(([n, k]) => Number(`${n}e-${k}`)),
  fc.tuple(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 5 })).map(([n, k]) => Number(`${n}e-${k}`)),
  fc.double({ noNaN: false }),
  fc.constantFrom(-0, 0, 1, 1e15, 1e15 + 1, 5e-324, 0.0001, 0.001, 0.966, 9.66, 100_000, 100_000.001, 10_000_000_000,
    10_000_000_000.01, 12.345, 100, 100.01, 100.0001, Infinity, -Infinity, NaN),
);
const locale = fc.constantFrom<Locale>('es-CO', 'en');
const taxCode = fc.constantFrom('01', '04', '03', '22', '99', 'ZZ', '');

/** What the cashier sees typed for a number: the locale's decimal mark, or the raw spelling of an odd one. */
const spelled = (value: number): string => (Object.is(value, -0) ? '-0' : String(value));
const typed = (value: number, loc: Locale): string => decimalForInput(spelled(value), loc);

interface Drawn { quantity: number; price: number; discount: number; tax: { code: string; rate: number } | null }
const drawn = fc.record({
  quantity: number, price: number, discount: number,
  tax: fc.option(fc.record({ code: taxCode, rate: number }), { nil: null }),
});

/** Mostly values a rule allows (up to its limit, with up to one decimal too many), so whole carts are often ready. */
const plausible = (max: number, decimals: number) => fc.oneof(
  { weight: 20, arbitrary: fc.tuple(fc.bigInt({ min: 0n, max: BigInt(max) * 10n ** BigInt(decimals) }), fc.constantFrom(decimals, decimals, decimals, decimals, decimals + 1))
    .map(([n, k]) => Number(`${n}e-${k}`)) },
  { weight: 1, arbitrary: number },
);
const plausibleLine = fc.record({
  quantity: plausible(100_000, 3), price: plausible(10_000_000_000, 2), discount: plausible(100, 2),
  tax: fc.option(fc.record({ code: fc.constantFrom('01', '01', '04', '03', '99'), rate: plausible(100, 4) }), { nil: null }),
});

const cartLine = (id: string, d: Drawn, loc: Locale): CartLine => ({
  id, code: 'P-001', name: 'Café molido 500 g', unitMeasure: '94',
  quantity: typed(d.quantity, loc), price: typed(d.price, loc), discountRate: typed(d.discount, loc),
  // A stored tax rate is kept as the core wrote it (English spelling).
  tax: d.tax ? { code: d.tax.code, rate: spelled(d.tax.rate) } : null,
});
const saleItem = (d: Drawn) => ({
  code: 'P-001', name: 'Café molido 500 g', quantity: d.quantity, unit_measure: '94', price: d.price,
  discount_rate: d.discount, taxes: d.tax ? [d.tax] : [],
});

const FIELD_OF: Record<string, LineField> = { quantity: 'quantity', price: 'price', discount_rate: 'discountRate', taxes: 'tax' };

describe('the cart and the charge schema agree (fast-check)', () => {
  it('a cart the cart accepts builds a sales.charge input the schema accepts', () => {
    let ready = 0;
    fc.assert(fc.property(fc.array(plausibleLine, { minLength: 1, maxLength: 4 }), locale, (lines, loc) => {
      const cart = readCart(lines.map((d, i) => cartLine(`l${i}`, d, loc)), loc);
      if (!cart.ready) return;
      ready += 1;
      const parsed = chargeSchema.safeParse({ customer: CUSTOMER, items: cart.items, payment: PAYMENT });
      expect(parsed.error?.issues ?? []).toEqual([]);
    }), { numRuns: 1000 });
    expect(ready).toBeGreaterThan(100); // the property was really tried on carts ready to charge
  });

  it('refuses a line field exactly when the schema refuses that field of the same numbers', () => {
    fc.assert(fc.property(drawn, locale, (d, loc) => {
      const read = readLine(cartLine('x', d, loc), loc);
      const parsed = saleLineSchema.safeParse(saleItem(d));
      const schemaFields = new Set((parsed.error?.issues ?? []).map((issue) => FIELD_OF[String(issue.path[0])]));
      const cartFields = new Set(read.ok ? [] : Object.keys(read.problems));
      expect([...cartFields].sort()).toEqual([...schemaFields].sort());
    }), { numRuns: 2000 });
  });

  it.each([
    ['a 4-decimal quantity', { quantity: 0.0001 }, 'quantity'],
    ['a 3-decimal price', { price: 12.345 }, 'price'],
    ['-0 as a price', { price: -0 }, 'price'],
    ['1e15 as a quantity', { quantity: 1e15 }, 'quantity'],
    ['a discount over 100 %', { discount: 100.01 }, 'discountRate'],
    ['a tax code that is not on the list', { tax: { code: '99', rate: 19 } }, 'tax'],
  ] as const)('refuses %s by its field, as the schema does', (_, patch, field) => {
    const d: Drawn = { quantity: 1, price: 18900, discount: 0, tax: { code: '01', rate: 19 }, ...patch };
    const read = readLine(cartLine('x', d, 'es-CO'), 'es-CO');
    expect(read.ok ? [] : Object.keys(read.problems)).toEqual([field]);
    expect(saleLineSchema.safeParse(saleItem(d)).success).toBe(false);
  });

  it('accepts an ICA rate per thousand (0.966 %), which the schema allows with 4 decimals', () => {
    const d: Drawn = { quantity: 1, price: 18900, discount: 0, tax: { code: '03', rate: 0.966 } };
    expect(saleLineSchema.safeParse(saleItem(d)).success).toBe(true);
    expect(readLine(cartLine('x', d, 'es-CO'), 'es-CO').ok).toBe(true);
  });
});

describe('the open sale\'s line text follows the sale line\'s rules', () => {
  const line = { id: 'line-1', code: 'CAF-500', name: 'Café molido 500 g', unitMeasure: '94', quantity: '2', price: '18900', discountRate: '0', tax: null };

  it.each([
    ['a unit of measure that is not on the list', { unitMeasure: 'XYZ' }, 'unitMeasure'],
    ['a name with a control character', { name: 'Café\u0007' }, 'name'],
    ['a blank code', { code: '   ' }, 'code'],
    ['a name longer than a sale line takes', { name: 'x'.repeat(201) }, 'name'],
  ])('refuses %s, as the charge would', (_, patch, field) => {
    const parsed = openSaleLineSchema.safeParse({ ...line, ...patch });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });

  it('accepts the line text a charge accepts', () => {
    expect(openSaleLineSchema.safeParse(line).success).toBe(true);
  });
});
