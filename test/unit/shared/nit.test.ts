import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidNitDv, nitCheckDigit } from '../../../shared/nit';

// Real NITs from public documents (header comment lines say where from).
const fixture = readFileSync(new URL('../../fixtures/co-nit-valid.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [nit = '', dv = ''] = line.trim().split(/\s+/);
    return { nit, dv };
  });

const nitArb = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 15 });

describe('nitCheckDigit', () => {
  it('reads the whole fixture (192 NITs)', () => {
    expect(fixture).toHaveLength(192);
  });

  it.each(fixture)('NIT $nit has DV $dv', ({ nit, dv }) => {
    expect(nitCheckDigit(nit)).toBe(dv);
    expect(isValidNitDv(nit, dv)).toBe(true);
  });

  it.each([
    ['900373115', '3'],
    ['213123435', '1'],
    ['800197268', '4'], // the DIAN
    ['222222222222', '7'], // consumidor final
  ])('DOMAIN.md example %s has DV %s', (nit, dv) => {
    expect(nitCheckDigit(nit)).toBe(dv);
  });

  it.each(['900.373.115', '900373115-3', ' 900373115', '', 'NIT', '-1', '12e3'])('rejects "%s" with a human message', (bad) => {
    expect(() => nitCheckDigit(bad)).toThrow(RangeError);
    expect(() => nitCheckDigit(bad)).toThrow(/only digits/);
  });

  it('rejects more than 15 significant digits', () => {
    expect(() => nitCheckDigit('1234567890123456')).toThrow(/at most 15 digits/);
  });

  it('is always a single digit', () => {
    fc.assert(fc.property(nitArb, (nit) => {
      expect(nitCheckDigit(nit)).toMatch(/^\d$/);
    }));
  });

  it('ignores leading zeros', () => {
    fc.assert(fc.property(nitArb, fc.integer({ min: 1, max: 6 }), (nit, zeros) => {
      expect(nitCheckDigit('0'.repeat(zeros) + nit)).toBe(nitCheckDigit(nit));
    }));
  });

  // Every weight is non-zero mod 11 (a prime), so changing one digit always changes s; the DV
  // then changes too, except when s moves between 1 and 10, which both give DV 1.
  it('changing one digit changes the DV, unless both sums map to DV 1', () => {
    fc.assert(fc.property(nitArb, fc.nat(), fc.integer({ min: 1, max: 9 }), (nit, at, delta) => {
      const i = at % nit.length;
      const changed = `${nit.slice(0, i)}${(Number(nit[i]) + delta) % 10}${nit.slice(i + 1)}`;
      const before = nitCheckDigit(nit);
      const after = nitCheckDigit(changed);
      expect(before !== after || (before === '1' && after === '1')).toBe(true);
    }));
  });
});

describe('isValidNitDv', () => {
  it('rejects a wrong DV', () => {
    expect(isValidNitDv('900373115', '4')).toBe(false);
  });

  it('is false, not a throw, for malformed input', () => {
    expect(isValidNitDv('900.373.115', '3')).toBe(false);
    expect(isValidNitDv('900373115', '')).toBe(false);
    expect(isValidNitDv('900373115', '03')).toBe(false);
    expect(isValidNitDv('900373115', ' 3')).toBe(false);
  });
});
