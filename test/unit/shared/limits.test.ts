import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateInvoiceRequest } from '../../../shared/api/invoice-request';
import { parseBridgeInput } from '../../../shared/bridge/contract';
import { consumidorFinal } from '../../../shared/customer';
import { decimalsOf } from '../../../shared/field-rules';
import { LIMITS } from '../../../shared/limits';
import { calculateTotals } from '../../../shared/money';
import { chargeRequestBytes, chargeSchema, type ChargeInput } from '../../../shared/sale-input';

const line = { code: 'P-1', name: 'Leche entera 1 L', quantity: 1, unit_measure: '94', price: 4200, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };
const sale = (patch: Partial<Record<string, unknown>> = {}, linePatch: Partial<Record<string, unknown>> = {}) => ({
  customer: consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' }),
  items: [{ ...line, ...linePatch }],
  payment: { form_code: '1', means_code: '10' },
  ...patch,
});

/** The field paths the bridge refuses a charge for (empty when it accepts it). */
function refusedFields(input: unknown): Record<string, string> {
  const parsed = parseBridgeInput('sales.charge', input);
  if (parsed.ok) return {};
  expect(parsed.error.code).toBe('INVALID_INPUT');
  return parsed.error.fields ?? {};
}

describe('the limits of a charge, refused at the bridge with the field', () => {
  it('accepts an ordinary sale', () => {
    expect(refusedFields(sale())).toEqual({});
  });

  it('refuses what issue 7 found accepted', () => {
    expect(Object.keys(refusedFields(sale({}, { name: 'x'.repeat(1_500_000) })))).toEqual(['items.0.name']);
    const customer = { ...sale().customer, identification: '9'.repeat(500_000) };
    expect(Object.keys(refusedFields(sale({ customer })))).toEqual(['customer.identification']);
    expect(Object.keys(refusedFields(sale({ customer: { ...sale().customer, identification_type: 'zz' } })))).toEqual(['customer.identification_type']);
    const taxes = Array.from({ length: 1000 }, () => ({ code: '01', rate: 19 }));
    expect(refusedFields(sale({}, { taxes }))).toEqual({ 'items.0.taxes': `must have at most ${LIMITS.maxTaxesPerLine} taxes` });
    expect(refusedFields(sale({}, { taxes: [{ code: '01', rate: 19 }, { code: '01', rate: 5 }] }))).toEqual({
      'items.0.taxes.1.code': 'tax 01 is already on this line; each tax at most once',
    });
    expect(refusedFields(sale({}, { quantity: 5e-324 }))).toEqual({ 'items.0.quantity': 'must have at most 3 decimals' });
  });

  it('answers numbers at or above 1e15, non-finite-looking and negative zero as a field, never a throw', () => {
    for (const quantity of [1e15, 1e300, 1_000_000_000_000_000, 100_001, -0, 0, -1]) {
      expect(Object.keys(refusedFields(sale({}, { quantity })))).toEqual(['items.0.quantity']);
    }
    for (const price of [1e15, 1e300, -0, -0.01, 0.001]) expect(Object.keys(refusedFields(sale({}, { price })))).toEqual(['items.0.price']);
    for (const quantity of ['NaN', 'Infinity', null, '1']) expect(Object.keys(refusedFields(sale({}, { quantity })))).toEqual(['items.0.quantity']);
    expect(Object.keys(refusedFields(sale({}, { discount_rate: 100.001 })))).toEqual(['items.0.discount_rate']);
    expect(Object.keys(refusedFields(sale({}, { taxes: [{ code: '01', rate: 101 }] })))).toEqual(['items.0.taxes.0.rate']);
    expect(refusedFields(sale({}, { quantity: 0.375, price: 10_000_000_000, taxes: [{ code: '03', rate: 0.966 }] }))).toEqual({});
  });

  it('gives every code a list: unit, tax, payment form and means, person type, regime, DIVIPOLA', () => {
    expect(Object.keys(refusedFields(sale({}, { unit_measure: 'XYZ' })))).toEqual(['items.0.unit_measure']);
    expect(Object.keys(refusedFields(sale({}, { taxes: [{ code: '99', rate: 1 }] })))).toEqual(['items.0.taxes.0.code']);
    expect(Object.keys(refusedFields(sale({ payment: { form_code: '3', means_code: 'toString' } })))).toEqual(['payment.form_code', 'payment.means_code']);
    const customer = { ...sale().customer, person_type: '3', tax_regime: '50', municipality_code: '1100' };
    expect(Object.keys(refusedFields(sale({ customer })))).toEqual(['customer.person_type', 'customer.tax_regime', 'customer.municipality_code']);
  });

  it('checks every numeric identification against its check digit, and only letters-and-digits for passports', () => {
    const cedula = { ...sale().customer, identification: '1020304050', dv: '0' };
    expect(refusedFields(sale({ customer: cedula }))).toEqual({ 'customer.dv': 'the check digit does not match number 1020304050' });
    expect(refusedFields(sale({ customer: { ...cedula, identification_type: '41', identification: 'AB123456' } }))).toEqual({});
    expect(Object.keys(refusedFields(sale({ customer: { ...cedula, identification_type: '41', identification: 'AB 123' } })))).toEqual(['customer.identification']);
    expect(Object.keys(refusedFields(sale({ customer: { ...cedula, dv: '8', name: 'Ana\u0000' } })))).toEqual(['customer.name']);
  });

  it('holds the number of lines and the bytes of the request the store would freeze', () => {
    expect(Object.keys(refusedFields(sale({ items: Array.from({ length: LIMITS.maxLines + 1 }, () => line) })))).toEqual(['items']);
    expect(refusedFields(sale({ items: Array.from({ length: LIMITS.maxLines }, () => line) }))).toEqual({});
    // Every field within its own length, the whole too large: 3-byte characters in every name and code.
    const wide = { ...line, code: '€'.repeat(LIMITS.productCodeLength), name: '€'.repeat(LIMITS.productNameLength) };
    const big = sale({ items: Array.from({ length: LIMITS.maxLines }, () => wide) });
    expect(chargeRequestBytes(big as ChargeInput)).toBeGreaterThan(LIMITS.maxRequestBytes);
    expect(refusedFields(big)).toEqual({ items: expect.stringMatching(/^would make an invoice of \d+ bytes, more than the 100000 allowed/) });
  });
});

const codeArb = fc.constantFrom('01', '02', '03', '04', '22');
const lineArb = fc.record({
  code: fc.string({ minLength: 1, maxLength: 60 }),
  name: fc.string({ minLength: 1, maxLength: 220 }),
  quantity: fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: -5, max: 200_000 }), fc.constantFrom(0.001, 0.375, 100_000, 5e-324, -0)),
  unit_measure: fc.constantFrom('94', 'KGM', 'zz', ''),
  price: fc.oneof(fc.double(), fc.integer({ min: -1, max: 2e10 }), fc.constantFrom(9_999_999_999.99, 1e15, 0.005)),
  discount_rate: fc.oneof(fc.double({ min: -1, max: 101 }), fc.integer({ min: 0, max: 100 })),
  taxes: fc.array(fc.record({ code: codeArb, rate: fc.oneof(fc.double({ min: -1, max: 101 }), fc.constantFrom(0, 5, 19, 8, 0.966)) }), { maxLength: 6 }),
});

describe('whatever the bridge accepts can be computed, frozen and invoiced', () => {
  it('never lets through a line that money cannot compute or the contract would refuse (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 3 }), (items) => {
        const input = sale({ items });
        const parsed = chargeSchema.safeParse(input);
        if (!parsed.success) return;
        expect(() => calculateTotals(parsed.data.items)).not.toThrow();
        const request = { reference_code: 'ABC123-01J0000000000000000000000', numbering_range_id: '00000000-0000-4000-8000-000000000000', ...parsed.data };
        expect(validateInvoiceRequest(JSON.parse(JSON.stringify(request))).ok).toBe(true);
        for (const item of parsed.data.items) expect(decimalsOf(item.quantity)).toBeLessThanOrEqual(LIMITS.quantityDecimals);
      }),
      { numRuns: 400 },
    );
  });

  it('counts decimals from the exact spelling of a number', () => {
    expect([decimalsOf(0.375), decimalsOf(5e-324), decimalsOf(1.5e-7), decimalsOf(1e21), decimalsOf(0.1 + 0.2), decimalsOf(12)]).toEqual([3, 324, 8, 0, 17, 0]);
  });
});

describe('this till\'s share of the request limit, from the one table', () => {
  const refused = (rateShare: unknown) => !parseBridgeInput('settings.save', { rateShare }).ok;

  it('is bounded at the bridge by LIMITS (whole percent), with a message the forms know', () => {
    expect(LIMITS.minRateSharePercent).toBe(5);
    expect(LIMITS.maxRateSharePercent).toBe(100);
    expect([LIMITS.minRateSharePercent, 33, LIMITS.maxRateSharePercent].map(refused)).toEqual([false, false, false]);
    expect([LIMITS.minRateSharePercent - 1, LIMITS.maxRateSharePercent + 1, 33.5, -0, Number.NaN].map(refused)).toEqual([true, true, true, true, true]);
    const answer = parseBridgeInput('settings.save', { rateShare: 4 });
    expect(answer.ok ? null : answer.error.fields).toEqual({ rateShare: 'must be from 5 to 100' });
  });
});
