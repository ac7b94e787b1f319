import { describe, expect, it } from 'vitest';
import { fateOf, QUIET_MS, RECEIPT_WAIT_MS, receiptMayOpen, receiptWaitOver, type CounterNow, type LastSaleFate } from '../../../renderer/sale/last-sale-fate';

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

describe('the receipt takes the screen only on a quiet counter (issue 26)', () => {
  const quiet: CounterNow = {
    screen: 'sale', linesInCart: 0, formOpen: false, charging: false, searchText: '', scansInFlight: 0, msSinceKey: QUIET_MS, typingElsewhere: false,
  };

  it('shows on the counter with nothing rung up, typed or scanned, no key for the quiet time', () => {
    expect(receiptMayOpen(quiet)).toBe(true);
  });

  it('never while the cashier types or scans the next sale', () => {
    expect(receiptMayOpen({ ...quiet, searchText: 'c' })).toBe(false);
    expect(receiptMayOpen({ ...quiet, msSinceKey: QUIET_MS - 1 })).toBe(false);
    expect(receiptMayOpen({ ...quiet, scansInFlight: 1 })).toBe(false);
    expect(receiptMayOpen({ ...quiet, linesInCart: 1 })).toBe(false);
    expect(receiptMayOpen({ ...quiet, formOpen: true })).toBe(false);
    expect(receiptMayOpen({ ...quiet, charging: true })).toBe(false);
    expect(receiptMayOpen({ ...quiet, typingElsewhere: true })).toBe(false);
    expect(receiptMayOpen({ ...quiet, screen: 'history' })).toBe(false);
  });

  it('stops waiting once the next sale has started, the cashier went elsewhere, or after the longest wait', () => {
    expect(receiptWaitOver(quiet, 0)).toBe(false);
    expect(receiptWaitOver({ ...quiet, searchText: 'cola', msSinceKey: 0 }, 5_000)).toBe(false);
    expect(receiptWaitOver({ ...quiet, linesInCart: 1 }, 0)).toBe(true);
    expect(receiptWaitOver({ ...quiet, screen: 'history' }, 0)).toBe(true);
    expect(receiptWaitOver(quiet, RECEIPT_WAIT_MS + 1)).toBe(true);
  });
});
