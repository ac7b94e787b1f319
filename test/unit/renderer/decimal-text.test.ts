import { describe, expect, it } from 'vitest';
import { compareDecimal, decimalForInput, parseDecimalText } from '../../../renderer/format/decimal-text';

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
