/**
 * The cart judges a line's tax without zod (`isSaleTax`, on the counter's first render); the bridge judges it with
 * `saleTaxSchema`. Both must accept exactly the same taxes, on values that sit on every edge of the rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits';
import { saleTaxSchema } from '../../../shared/sale-input';
import { isSaleTax } from '../../../shared/sale-rules';

const codeArb = fc.oneof(fc.constantFrom('01', '04', '03', '1', '001', '', 'toString', '__proto__', 'ZZ', 19), fc.string({ maxLength: 4 }));
const rateArb = fc.oneof(
  fc.constantFrom(0, 5, 8, 19, 19.5, 8.25, 0.001, 19.1234, 19.12345, 100, LIMITS.maxRate, LIMITS.maxRate + 0.01, -0, -1, Number.NaN, Infinity, '19', null),
  fc.double({ min: -10, max: 200 }),
);

describe('a sale line tax', () => {
  it('is accepted by isSaleTax exactly when saleTaxSchema accepts it', () => {
    fc.assert(fc.property(codeArb, rateArb, (code, rate) => {
      expect(isSaleTax({ code, rate })).toBe(saleTaxSchema.safeParse({ code, rate }).success);
    }), { numRuns: 2_000 });
  });

  it('takes the usual taxes and refuses a code outside the list', () => {
    expect(isSaleTax({ code: '01', rate: 19 })).toBe(true);
    expect(isSaleTax({ code: '04', rate: 8 })).toBe(true);
    expect(isSaleTax({ code: '99', rate: 19 })).toBe(false);
    expect(isSaleTax({ code: '01', rate: 19.12345 })).toBe(false);
  });
});
