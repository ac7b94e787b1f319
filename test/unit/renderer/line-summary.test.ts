/** What a compact cart row says about its line: the amount by the shared money calculation, and its short detail. */
import { describe, expect, it } from 'vitest';
import { calculateLine, formatCop } from '../../../shared/money';
import type { CartLine } from '../../../renderer/sale/cart';
import { lineSummary } from '../../../renderer/sale/line-summary';
import { esCart } from '../../../renderer/i18n/es-cart';
import { enCart } from '../../../renderer/i18n/en-cart';

const NBSP = '\u00A0';
const line = (patch: Partial<CartLine> = {}): CartLine => ({
  id: 'line-1', code: 'CAF-500', name: 'Café molido tradicional 500 g', unitMeasure: '94',
  quantity: '2', price: '18.900', discountRate: '0', tax: { code: '01', rate: '5' }, ...patch,
});

describe('a cart row\'s summary', () => {
  it('is "cantidad × precio unitario · IVA 5 %" and the amount the shared calculation gives', () => {
    const summary = lineSummary(line(), 'es-CO', esCart);
    expect(summary.detail).toBe(`2 × $${NBSP}18.900 · IVA${NBSP}5${NBSP}%`);
    const payable = calculateLine({ quantity: '2', price: '18900', discount_rate: '0', taxes: [{ code: '01', rate: '5' }] }).payable;
    expect(summary.amount).toBe(formatCop(payable, 'es-CO'));
    expect(summary.amount).toBe(`$${NBSP}39.690`);
    expect(summary.problem).toBeNull();
  });

  it('says a discount only when there is one, in short text, with decimals the cashier\'s way', () => {
    expect(lineSummary(line({ discountRate: '12,5' }), 'es-CO', esCart).detail).toBe(`2 × $${NBSP}18.900 · desc. 12,5${NBSP}% · IVA${NBSP}5${NBSP}%`);
    expect(lineSummary(line({ discountRate: '0,0' }), 'es-CO', esCart).detail).not.toContain('desc.');
    expect(lineSummary(line({ discountRate: '10' }), 'en', enCart).detail).toContain('disc. 10%');
  });

  it('writes a fractional quantity with the locale\'s mark, and no tax when the line has none', () => {
    const summary = lineSummary(line({ quantity: '1,5', tax: null }), 'es-CO', esCart);
    expect(summary.detail).toBe(`1,5 × $${NBSP}18.900`);
    expect(summary.amount).toBe(`$${NBSP}28.350`);
  });

  it('for a line that does not read: no amount, what was typed, and the first field to fix in the panel\'s order', () => {
    const summary = lineSummary(line({ quantity: '2,5x', discountRate: '150' }), 'es-CO', esCart);
    expect(summary.amount).toBeNull();
    expect(summary.detail).toBe('2,5x × 18.900');
    expect(summary.problem).toEqual({ field: 'quantity', problem: 'problemQuantity' });
    expect(lineSummary(line({ discountRate: '150' }), 'es-CO', esCart).problem).toEqual({ field: 'discountRate', problem: 'problemDiscount' });
    expect(lineSummary(line({ price: '' }), 'es-CO', esCart)).toMatchObject({ detail: '2 × ?', problem: { field: 'price', problem: 'problemPrice' } });
    expect(lineSummary(line({ quantity: '1000000' }), 'es-CO', esCart).problem).toEqual({ field: 'quantity', problem: 'problemQuantityTooLarge' });
  });
});
