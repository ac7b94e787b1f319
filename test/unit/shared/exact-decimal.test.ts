/**
 * Money's exact decimals (BigInt) against decimal.js, the library money.ts used before (and shelf-price.ts still
 * uses), on every operation money needs: parsing any decimal spelling, sums, products, division by powers of ten,
 * half-up rounding, the coin division, plain and fixed spellings and significant digits.
 */
import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compare, divideToWhole, minus, parseExact, plus, roundTo, shiftDown, significantDigits, times, toFixed, toPlain,
} from '../../../shared/exact-decimal';

// Precision enough that decimal.js is exact on every value here (5e-324 + 1e16 needs about 340 digits).
const Dec = DecimalJs.clone({ precision: 1_000, rounding: DecimalJs.ROUND_HALF_UP });

/** Decimal spellings as they reach money.ts: plain, signed, with a point at either end, with an exponent, from numbers. */
const textArb = fc.oneof(
  fc.tuple(fc.constantFrom('', '-', '+'), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: -12, max: 12 }), fc.boolean())
    .map(([sign, units, places, exponent, withExponent]) => {
      const digits = units.toString().padStart(places + 1, '0');
      const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
      return `${sign}${text}${withExponent ? `e${exponent}` : ''}`;
    }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e16, max: 1e16 }).map(String),
  fc.constantFrom('0', '-0', '.5', '5.', '0.005', '-0.005', '0.015', '2.675', '1e-7', '5e-324', '1.5E3', '999.995', '-2500.5'),
);
const both = textArb.map((text) => ({ text, x: parseExact(text), d: new Dec(text) }));

describe('exact decimals agree with decimal.js', () => {
  it('parse every spelling to the same value, and refuse what is not a number', () => {
    fc.assert(fc.property(both, ({ x, d }) => {
      expect(x).not.toBeNull();
      if (x) expect(toPlain(x)).toBe(d.toFixed());
    }), { numRuns: 3_000 });
    for (const text of ['', '.', '-', '1,5', '1e', 'e5', ' 1', '1.2.3', '0x10', '1e99999']) expect(parseExact(text)).toBeNull();
  });

  it('add, subtract, multiply, divide by 100 and round half-up (away from zero) to cents', () => {
    fc.assert(fc.property(both, both, (a, b) => {
      if (!a.x || !b.x) return;
      expect(toFixed(plus(a.x, b.x), 2)).toBe(a.d.plus(b.d).toFixed(2));
      expect(toFixed(minus(a.x, b.x), 2)).toBe(a.d.minus(b.d).toFixed(2));
      expect(toFixed(shiftDown(times(a.x, b.x), 2), 2)).toBe(a.d.times(b.d).div(100).toFixed(2));
      expect(toPlain(roundTo(a.x, 2))).toBe(a.d.toDecimalPlaces(2).toFixed());
      expect(compare(a.x, b.x)).toBe(a.d.comparedTo(b.d));
      expect(significantDigits(a.x)).toBe(a.d.sd());
    }), { numRuns: 3_000 });
  });

  it('round a quotient half-up to a whole number (cash to the smallest coin)', () => {
    const positive = both.filter(({ d }) => d.gt(0));
    fc.assert(fc.property(both, positive, (a, coin) => {
      if (!a.x || !coin.x) return;
      expect(toFixed(divideToWhole(a.x, coin.x), 0)).toBe(a.d.div(coin.d).toDecimalPlaces(0).toFixed(0));
    }), { numRuns: 3_000 });
  });

  it('spell halves and negatives as decimal.js does', () => {
    for (const [text, fixed] of [['0.005', '0.01'], ['-0.005', '-0.01'], ['2.675', '2.68'], ['-0.001', '-0.00'], ['999.995', '1000.00']] as const) {
      expect(toFixed(parseExact(text)!, 2)).toBe(fixed);
      expect(new Dec(text).toFixed(2)).toBe(fixed);
    }
  });
});
