/** The on-screen keypad's keys, where they type, and the line a quick key touched: pure rules and the sale store. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../../shared/bridge/types';
import { LIMITS } from '../../../shared/limits';
import { changedLineId } from '../../../renderer/sale/add-to-sale';
import { readCash } from '../../../renderer/sale/cash-entry';
import { readLine } from '../../../renderer/sale/cart';
import { typeKey } from '../../../renderer/sale/keypad-entry';
import { readTarget, targetOfElementId, writeTarget } from '../../../renderer/sale/keypad-target';
import { useSale } from '../../../renderer/sale/sale-store';

const es = { locale: 'es-CO' as const, replace: false, decimals: true };

describe('a keypad key', () => {
  it('adds digits, 00 and 000 to the end; a chosen field starts afresh with the first digit', () => {
    expect(typeKey('1', '2', es)).toBe('12');
    expect(typeKey('1', '000', es)).toBe('1000');
    expect(typeKey('12', '7', { ...es, replace: true })).toBe('7');
    expect(typeKey('12', '00', { ...es, replace: true })).toBe('0');
    expect(typeKey('0', '5', es)).toBe('5');
    expect(typeKey('', '000', es)).toBe('0');
  });

  it('puts one decimal mark, the locale\'s, and none in a whole-peso field', () => {
    expect(typeKey('1', 'decimal', es)).toBe('1,');
    expect(typeKey('1,5', 'decimal', es)).toBe('1,5');
    expect(typeKey('', 'decimal', es)).toBe('0,');
    expect(typeKey('2', 'decimal', { ...es, locale: 'en' })).toBe('2.');
    expect(typeKey('2', 'decimal', { ...es, decimals: false })).toBe('2');
    expect(typeKey('7', 'decimal', { ...es, replace: true })).toBe('0,');
  });

  it('⌫ takes the last character off and C empties, also on a field just chosen; text never grows past the typed limit', () => {
    expect(typeKey('125', 'backspace', { ...es, replace: true })).toBe('12');
    expect(typeKey('', 'backspace', es)).toBe('');
    expect(typeKey('125', 'clear', es)).toBe('');
    const full = '9'.repeat(LIMITS.typedNumberLength);
    expect(typeKey(full, '1', es)).toBe(full);
  });

  it('what it types reads through the fields\' own rules: "1,5" is one and a half, cents in cash are refused there', () => {
    const quantity = typeKey(typeKey('1', 'decimal', es), '5', es);
    expect(readLine({ id: 'l', code: 'T', name: 'Tinto', unitMeasure: '94', quantity, price: '1500', discountRate: '0', tax: null }, 'es-CO'))
      .toMatchObject({ ok: true, input: { quantity: '1.5' } });
    expect(readCash('100,5', '1000.00', '10', 'es-CO').kind).toBe('invalid');
  });
});

describe('where the keypad types', () => {
  afterEach(() => useSale.getState().clearCounter());
  const tinto: ProductDto = { code: 'TIN', name: 'Tinto', barcode: null, price: '1500', unitMeasure: '94', taxCode: '04', taxRate: '8', discountRate: '0' };

  it('knows the line panel\'s quantity, price and discount inputs and the cash field by their ids, and nothing else', () => {
    const lines = [{ id: 'line-4' }, { id: 'line-9' }];
    expect(targetOfElementId('line-9-quantity', lines)).toEqual({ kind: 'line', lineId: 'line-9', field: 'quantity' });
    expect(targetOfElementId('line-4-price', lines)).toEqual({ kind: 'line', lineId: 'line-4', field: 'price' });
    expect(targetOfElementId('line-4-discountRate', lines)).toEqual({ kind: 'line', lineId: 'line-4', field: 'discountRate' });
    expect(targetOfElementId('cash-received', lines)).toEqual({ kind: 'cash' });
    for (const id of ['line-4-tax', 'line-4-row', 'line-5-quantity', 'product-search', '']) expect(targetOfElementId(id, lines)).toBeNull();
  });

  it('reads and writes through the sale store, and the line an add touched is the one it names', () => {
    const before = useSale.getState().lines;
    useSale.getState().add(tinto, 'es-CO');
    const id = changedLineId(before, useSale.getState().lines);
    expect(id).toBe(useSale.getState().lines[0]?.id);
    const again = useSale.getState().lines;
    useSale.getState().add({ ...tinto, code: 'EMP', name: 'Empanada' }, 'es-CO');
    useSale.getState().add(tinto, 'es-CO');
    expect(changedLineId(useSale.getState().lines.slice(0, 1), useSale.getState().lines)).toBe(useSale.getState().lines[1]?.id);
    expect(changedLineId(again, again)).toBeNull();

    const target = { kind: 'line' as const, lineId: id ?? '', field: 'quantity' as const };
    expect(readTarget(target)).toBe('2');
    writeTarget(target, '3');
    expect(useSale.getState().lines[0]?.quantity).toBe('3');
    writeTarget({ kind: 'cash' }, '50000');
    expect(readTarget({ kind: 'cash' })).toBe('50000');
    useSale.getState().setPayment({ form_code: '1', means_code: '48' });
    expect(readTarget({ kind: 'cash' })).toBeNull(); // a card: no cash field to type into
    useSale.getState().remove(id ?? '');
    expect(readTarget(target)).toBeNull();
  });
});
