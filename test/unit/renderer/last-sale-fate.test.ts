import { describe, expect, it } from 'vitest';
import { fateOf, type LastSaleFate } from '../../../renderer/sale/last-sale-fate';

describe('the last sale\'s fate on the charge bar', () => {
  const firstValidated: LastSaleFate = { saleId: 1, state: 'validated', fullNumber: 'SETP990000000' };

  it('a new charge shows "Validando…" for the new sale, never the previous sale\'s invoice number', () => {
    expect(fateOf({ saleId: 2 }, firstValidated)).toEqual({ saleId: 2, state: 'pending', fullNumber: null });
  });

  it('shows the fate read for the sale itself', () => {
    expect(fateOf({ saleId: 1 }, firstValidated)).toBe(firstValidated);
    expect(fateOf({ saleId: 1 }, null)).toEqual({ saleId: 1, state: 'pending', fullNumber: null });
  });

  it('nothing charged yet, nothing shown', () => {
    expect(fateOf(null, firstValidated)).toBeNull();
  });
});
