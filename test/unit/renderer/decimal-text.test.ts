import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal, decimalForInput, moneyForInput, parseDecimalText, regroupMoneyText } from '../../../renderer/format/decimal-text';

describe('reading numbers a cashier types', () => {
  it('reads the es-CO decimal comma and thousands dots', () => {
    expect(parseDecimalText('1,5', 'es-CO', 3)).toBe('1.5');
    expect(parseDecimalText('12.500', 'es-CO', 2)).toBe('12500');
    expect(parseDecimalText('1.234.567,89', 'es-CO', 2)).toBe('1234567.89');
    expect(parseDecimalText('0,375', 'es-CO', 3)).toBe('0.375');
  });

  it('reads a lone dot as the decimal mark in es-CO when it cannot be a thousands group', () => {
    expect(parseDecimalText('1.5', 'es-CO', 3)).toBe('1.5');
    expect(parseDecimalText('12990.50', 'es-CO', 2)).toBe('12990.5');
  });

  it('reads English grouping and decimals', () => {
    expect(parseDecimalText('12,500.25', 'en', 2)).toBe('12500.25');
    expect(parseDecimalText('0.5', 'en', 3)).toBe('0.5');
  });

  it('refuses negatives, letters, blanks and too many decimals', () => {
    for (const bad of ['-1', 'abc', '', '  ', '1,2,3', '1.2.3,4.5', '1e3']) expect(parseDecimalText(bad, 'es-CO', 2)).toBeNull();
    expect(parseDecimalText('1,2345', 'es-CO', 3)).toBeNull();
  });

  it('drops leading and trailing zeros without changing the value', () => {
    expect(parseDecimalText('007,500', 'es-CO', 3)).toBe('7.5');
    expect(parseDecimalText('10,00', 'es-CO', 2)).toBe('10');
  });

  it('shows stored amounts for editing in the locale, without grouping', () => {
    expect(decimalForInput('12500.00', 'es-CO')).toBe('12500');
    expect(decimalForInput('12990.50', 'es-CO')).toBe('12990,5');
    expect(decimalForInput('12990.50', 'en')).toBe('12990.5');
    // what is shown reads back to the same value
    expect(parseDecimalText(decimalForInput('1234.56', 'es-CO'), 'es-CO', 2)).toBe('1234.56');
  });

  it('compares decimal strings exactly', () => {
    expect(compareDecimal('100', '100')).toBe(0);
    expect(compareDecimal('100.01', '100')).toBeGreaterThan(0);
    expect(compareDecimal('99.999', '100')).toBeLessThan(0);
    expect(compareDecimal('0.5', '0.50')).toBe(0);
  });
});

describe('a money field once typed (issue 17: "18900" reads "18.900")', () => {
  const locales = fc.constantFrom('es-CO' as const, 'en' as const);
  /** Canonical amounts as parseDecimalText gives them: no leading zeros, no trailing decimal zeros, up to 2 decimals. */
  const canonical = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.integer({ min: 0, max: 99 }), fc.boolean())
    .map(([whole, cents, withCents]) => {
      const fraction = withCents ? String(cents).padStart(2, '0').replace(/0+$/, '') : '';
      return fraction ? `${whole}.${fraction}` : String(whole);
    });

  it('groups thousands in the locale\'s marks', () => {
    expect(moneyForInput('18900', 'es-CO')).toBe('18.900');
    expect(moneyForInput('4201.68', 'es-CO')).toBe('4.201,68');
    expect(moneyForInput('1234567.5', 'en')).toBe('1,234,567.5');
    expect(moneyForInput('950', 'es-CO')).toBe('950');
    expect(regroupMoneyText('18900', 'es-CO')).toBe('18.900');
    expect(regroupMoneyText(' 100000 ', 'es-CO')).toBe('100.000');
    expect(regroupMoneyText('18.900', 'es-CO')).toBe('18.900');
    expect(regroupMoneyText('abc', 'es-CO')).toBe('abc');
  });

  it('reads back exactly what it shows, in both languages', () => {
    fc.assert(fc.property(canonical, locales, (value, locale) => {
      expect(parseDecimalText(moneyForInput(value, locale), locale, 2)).toBe(value);
    }), { numRuns: 2000 });
  });

  it('never changes the amount a typed text means, and a second blur changes nothing', () => {
    const typed = fc.oneof(
      canonical.map((v) => v.replace('.', ',')),
      canonical,
      fc.stringMatching(/^[0-9.,]{1,12}$/),
    );
    fc.assert(fc.property(typed, locales, (text, locale) => {
      const shown = regroupMoneyText(text, locale);
      expect(parseDecimalText(shown, locale, 2)).toBe(parseDecimalText(text, locale, 2));
      expect(regroupMoneyText(shown, locale)).toBe(shown);
    }), { numRuns: 3000 });
  });
});
