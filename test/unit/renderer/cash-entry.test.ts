import { describe, expect, it } from 'vitest';
import { addBill, readCash } from '../../../renderer/sale/cash-entry';

describe('the cash field at the counter', () => {
  it('reads what was typed with the shared rule: nothing typed is "exact", cents and words are refused', () => {
    expect(readCash('', '19845.00', '10', 'es-CO')).toEqual({ kind: 'none' });
    expect(readCash('20000', '19845.00', '48', 'es-CO')).toEqual({ kind: 'none' }); // a card: no cash
    expect(readCash('20.000', '19845.00', '10', 'es-CO')).toMatchObject({ kind: 'ok', received: 20000, tender: { change: '150.00' } });
    expect(readCash('19.850', '19845.00', '10', 'es-CO')).toMatchObject({ kind: 'ok', tender: { change: '0.00' } });
    expect(readCash('19800', '19845.00', '10', 'es-CO')).toEqual({ kind: 'short', due: '19850.00', missing: '50.00' });
    for (const typed of ['20000,5', 'veinte', '-5', '99999999999']) expect(readCash(typed, '1.00', '10', 'es-CO').kind).toBe('invalid');
  });

  it('bill buttons add to what was typed', () => {
    expect(addBill('', 10_000, 'es-CO')).toBe('10000');
    expect(addBill('10.000', 10_000, 'es-CO')).toBe('20000');
    expect(addBill('abc', 2_000, 'en')).toBe('2000');
  });
});
