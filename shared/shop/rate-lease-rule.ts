/**
 * One invoicing account for the whole shop (issue 28): the rule by which the shop server shares the service's rate
 * limit among the tills of one client id. Pure: the server keeps the state in its database (every server process on
 * one PostgreSQL reads and writes the same rows, under a row lock) and calls these functions inside the transaction.
 *
 * A till asks for a *lease*: a few permits, each the right to START one request to the service before the lease
 * expires. The service counts arrivals in its window, so a permit holds its place in the shop's window from the
 * moment it is granted until `windowMs` after the last moment its request could arrive: the lease's end (its return,
 * or its expiry when the till never returned it) plus `arrivalSlackMs`. A lease returned early gives back its unused
 * permits at once. With 1 s leases returned as soon as they are spent, a permit holds ~61 s of a 60 s window, so a
 * shop that asks without pause sends ≥ 0.96 of the budget.
 *
 * The budget is AIMD across the shop, as a till's own limiter does alone (common/invoicing/rate-limiter.ts): any
 * till's 429 for a request granted after the last cut halves what the shop was actually sending (never below a tenth of
 * the ceiling), and every window without one grows it back by `increasePerWindow` of the ceiling.
 */

export const RATE_LEASE = {
  /** How long a lease's permits may be started (ms). Short: a till that dies holds its permits this long at most. */
  ttlMs: 1_000,
  /** How long after the lease's end a request started under it may still arrive at the service (ms). */
  arrivalSlackMs: 1_000,
  /** The most permits one lease carries. */
  maxPermits: 20,
  decrease: 0.5,
  increasePerWindow: 0.02,
  minFraction: 0.1,
} as const;

export interface RateBudgetState {
  /** The ceiling: requests per window for the whole shop (the service's limit with headroom). */
  limit: number;
  windowMs: number;
  /** The reduced budget after the last 429 and when it was set; null = the whole ceiling. */
  reduced: { value: number; atMs: number } | null;
  /** Leases granted before this time answer for the rate the last cut already halved. */
  cutAtMs: number;
}

export interface LeaseRecord {
  tillId: string;
  grantedAt: number;
  expiresAt: number;
  granted: number;
  /** Permits used, once the lease is returned; null while it is out. */
  used: number | null;
  returnedAt: number | null;
}

/** The budget now: the reduced one grown back by `increasePerWindow` of the ceiling per window since it was set. */
export function currentBudget(state: RateBudgetState, now: number): number {
  if (!state.reduced) return state.limit;
  const grown = state.reduced.value + (state.limit * RATE_LEASE.increasePerWindow * Math.max(0, now - state.reduced.atMs)) / state.windowMs;
  return grown >= state.limit ? state.limit : Math.max(1, Math.floor(grown));
}

/** The last moment a lease's permits count in the shop's window. */
export function leaseHoldsUntil(lease: LeaseRecord, windowMs: number): number {
  return (lease.returnedAt ?? lease.expiresAt) + RATE_LEASE.arrivalSlackMs + windowMs;
}

/** Permits counted in the shop's window now. */
export function permitsHeld(leases: readonly LeaseRecord[], now: number, windowMs: number): number {
  let held = 0;
  for (const lease of leases) if (leaseHoldsUntil(lease, windowMs) > now) held += lease.returnedAt === null ? lease.granted : (lease.used ?? 0);
  return held;
}

/** The tills that held permits in the last window (the fallback share each takes when the server is away). */
export function activeTills(leases: readonly LeaseRecord[], now: number, windowMs: number, asking?: string): number {
  const ids = new Set<string>();
  for (const lease of leases) if (leaseHoldsUntil(lease, windowMs) > now && lease.granted > 0) ids.add(lease.tillId);
  if (asking !== undefined) ids.add(asking);
  return Math.max(1, ids.size);
}

export interface LeaseDecision {
  granted: number;
  /** When a permit frees at the earliest (when none is granted now), else null. */
  nextAt: number | null;
  budget: number;
  activeTills: number;
}

/**
 * How many permits a till asking for `want` gets now: what is free in the shop's window, at most `maxPermits`, and
 * with other tills active at most their part of a lease (`maxPermits / tills`), so tills draining a backlog together
 * take turns at each freed permit instead of the quickest taking them all; nothing free is ever kept back.
 */
export function decideLease(state: RateBudgetState, leases: readonly LeaseRecord[], tillId: string, want: number, now: number): LeaseDecision {
  const budget = currentBudget(state, now);
  const tills = activeTills(leases, now, state.windowMs, tillId);
  const free = Math.max(0, budget - permitsHeld(leases, now, state.windowMs));
  const perLease = Math.max(1, Math.ceil(RATE_LEASE.maxPermits / tills));
  const granted = Math.max(0, Math.min(Math.floor(want), perLease, free));
  return { granted, nextAt: granted > 0 ? null : nextFreeAt(leases, now, state.windowMs, budget), budget, activeTills: tills };
}

/** When the next permit frees: the earliest end among the leases counted now (or now, if the budget has room). */
function nextFreeAt(leases: readonly LeaseRecord[], now: number, windowMs: number, budget: number): number {
  if (permitsHeld(leases, now, windowMs) < budget) return now;
  let next = Number.POSITIVE_INFINITY;
  for (const lease of leases) {
    const until = leaseHoldsUntil(lease, windowMs);
    if (until > now && until < next) next = until;
  }
  return Number.isFinite(next) ? next : now + windowMs;
}

/**
 * A till reports 429s for requests under a lease granted at `grantedAt`: the shop's budget is halved, once per round
 * (a 429 from before the last cut answered for the old rate, already halved). Returns the new state (or the same).
 */
export function afterRateLimited(state: RateBudgetState, leases: readonly LeaseRecord[], grantedAt: number, now: number): RateBudgetState {
  if (grantedAt < state.cutAtMs) return state;
  const sending = permitsHeld(leases, now, state.windowMs);
  const value = Math.max(1, RATE_LEASE.minFraction * state.limit, RATE_LEASE.decrease * Math.min(currentBudget(state, now), sending));
  return { ...state, reduced: { value, atMs: now }, cutAtMs: now };
}
