/**
 * The shop's one rate budget (issue 28, shared/shop/rate-lease-rule.ts): what a lease grants, when permits free, how
 * the tills share, and how a 429 anywhere cuts the whole shop's budget once per round and grows back.
 */
import { describe, expect, it } from 'vitest';
import {
  activeTills, afterRateLimited, currentBudget, decideLease, leaseHoldsUntil, permitsHeld, RATE_LEASE, type LeaseRecord, type RateBudgetState,
} from '../../../shared/shop/rate-lease-rule';

const WINDOW = 60_000;
const fresh = (limit = 297): RateBudgetState => ({ limit, windowMs: WINDOW, reduced: null, cutAtMs: 0 });

/** Grants leases as a till would, one after the other, until nothing is free; returns them. */
function drain(state: RateBudgetState, leases: LeaseRecord[], tills: string[], at: number, returnUsed = true): number {
  let granted = 0;
  for (let round = 0; round < 1000; round++) {
    const till = tills[round % tills.length]!;
    const d = decideLease(state, leases, till, RATE_LEASE.maxPermits, at);
    if (d.granted === 0) break;
    granted += d.granted;
    leases.push({ tillId: till, grantedAt: at, expiresAt: at + RATE_LEASE.ttlMs, granted: d.granted, used: returnUsed ? d.granted : null, returnedAt: returnUsed ? at : null });
  }
  return granted;
}

describe('the shop\'s rate budget', () => {
  it('grants no more than the budget in a window, whatever the number of tills; nothing free is kept back', () => {
    for (const tills of [['a'], ['a', 'b'], ['a', 'b', 'c', 'd']]) {
      const leases: LeaseRecord[] = [];
      expect(drain(fresh(), leases, tills, 1_000)).toBe(297);
      expect(permitsHeld(leases, 1_000, WINDOW)).toBe(297);
      expect(decideLease(fresh(), leases, 'a', 5, 1_000).granted).toBe(0);
    }
  });

  it('with four tills asking in turn, each lease carries its part (maxPermits / 4) and each till gets about a quarter', () => {
    const leases: LeaseRecord[] = [];
    // Every till has been active: their leases are in the window.
    for (const t of ['a', 'b', 'c', 'd']) leases.push({ tillId: t, grantedAt: 0, expiresAt: 1_000, granted: 1, used: 1, returnedAt: 0 });
    expect(decideLease(fresh(), leases, 'a', 20, 10).granted).toBe(Math.ceil(RATE_LEASE.maxPermits / 4));
    drain(fresh(), leases, ['a', 'b', 'c', 'd'], 10);
    const byTill = (t: string) => leases.filter((l) => l.tillId === t).reduce((n, l) => n + l.granted, 0);
    for (const t of ['a', 'b', 'c', 'd']) expect(Math.abs(byTill(t) - 297 / 4)).toBeLessThanOrEqual(RATE_LEASE.maxPermits / 4 + 1);
  });

  it('a permit holds its place until the window has passed since its lease\'s end (the arrival slack too); unused ones given back free at once', () => {
    const leases: LeaseRecord[] = [{ tillId: 'a', grantedAt: 0, expiresAt: RATE_LEASE.ttlMs, granted: 20, used: null, returnedAt: null }];
    const until = leaseHoldsUntil(leases[0]!, WINDOW);
    expect(until).toBe(RATE_LEASE.ttlMs + RATE_LEASE.arrivalSlackMs + WINDOW);
    expect(permitsHeld(leases, until - 1, WINDOW)).toBe(20);
    expect(permitsHeld(leases, until, WINDOW)).toBe(0);
    // Given back having used 3: 17 free at once.
    leases[0] = { ...leases[0]!, used: 3, returnedAt: 500 };
    expect(permitsHeld(leases, 600, WINDOW)).toBe(3);
    // Nothing free: the answer says when the next permit frees.
    const full = [{ tillId: 'b', grantedAt: 0, expiresAt: 1_000, granted: 297, used: 297, returnedAt: 400 }];
    expect(decideLease(fresh(), full, 'a', 1, 1_000)).toMatchObject({ granted: 0, nextAt: 400 + RATE_LEASE.arrivalSlackMs + WINDOW });
  });

  it('a 429 anywhere halves what the shop was sending, once per round, never below a tenth; the budget grows back by windows', () => {
    const leases: LeaseRecord[] = [];
    drain(fresh(), leases, ['a', 'b'], 1_000);
    const cut = afterRateLimited(fresh(), leases, 1_000, 2_000);
    expect(currentBudget(cut, 2_000)).toBe(Math.floor(297 / 2));
    // Another till's 429 for a lease granted before the cut answers for the old rate: no second halving.
    expect(afterRateLimited(cut, leases, 1_000, 2_500)).toBe(cut);
    // A 429 for a lease granted after the cut halves again; never below a tenth of the ceiling.
    let state = cut;
    for (let i = 0; i < 10; i++) state = afterRateLimited(state, leases, 3_000 + i * 1_000, 3_000 + i * 1_000);
    expect(currentBudget(state, 13_000)).toBe(Math.floor(297 * RATE_LEASE.minFraction));
    // Grows back by `increasePerWindow` of the ceiling per window: the whole ceiling after 1 / 0.02 windows at most.
    expect(currentBudget(state, 13_000 + WINDOW)).toBeGreaterThan(currentBudget(state, 13_000));
    expect(currentBudget(state, 13_000 + WINDOW / RATE_LEASE.increasePerWindow)).toBe(297);
  });

  it('counts the tills active in the window (the fallback share each takes when the server is away)', () => {
    const leases: LeaseRecord[] = [
      { tillId: 'a', grantedAt: 0, expiresAt: 1_000, granted: 2, used: 2, returnedAt: 500 },
      { tillId: 'b', grantedAt: 0, expiresAt: 1_000, granted: 2, used: null, returnedAt: null },
      { tillId: 'c', grantedAt: -200_000, expiresAt: -199_000, granted: 2, used: 2, returnedAt: -199_500 },
    ];
    expect(activeTills(leases, 1_000, WINDOW)).toBe(2);
    expect(activeTills(leases, 1_000, WINDOW, 'd')).toBe(3);
    expect(activeTills([], 1_000, WINDOW)).toBe(1);
  });
});
