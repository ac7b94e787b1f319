/**
 * The shop's one rate budget per invoicing account, kept in the database (issue 28): every server process on one
 * PostgreSQL grants from the same rows, one at a time per account (the budget row is locked for the lease's
 * transaction), and a restart keeps the window: permits granted before it still count until they age out.
 * The rule itself (what a lease grants, how a 429 cuts the budget) is shared/shop/rate-lease-rule.ts.
 */
import type { RateLease, RateLeaseRequest } from '../../shared/shop/contract';
import {
  activeTills, afterRateLimited, currentBudget, decideLease, leaseHoldsUntil, permitsHeld, RATE_LEASE, type LeaseRecord,
  type RateBudgetState,
} from '../../shared/shop/rate-lease-rule';
import type { Queryable } from '../db/adapter';

interface BudgetRow { rate_limit: number; window_ms: number; reduced: number | null; reduced_at: number | null; cut_at: number }
interface LeaseRow { till_id: string; granted_at: number; expires_at: number; granted: number; used: number | null; returned_at: number | null }

const toState = (row: BudgetRow): RateBudgetState => ({
  limit: Number(row.rate_limit), windowMs: Number(row.window_ms), cutAtMs: Number(row.cut_at),
  reduced: row.reduced === null || row.reduced_at === null ? null : { value: Number(row.reduced), atMs: Number(row.reduced_at) },
});
const toLease = (row: LeaseRow): LeaseRecord => ({
  tillId: row.till_id, grantedAt: Number(row.granted_at), expiresAt: Number(row.expires_at), granted: Number(row.granted),
  used: row.used === null ? null : Number(row.used), returnedAt: row.returned_at === null ? null : Number(row.returned_at),
});

/** Leases older than this (past the window they count in) are deleted as new ones are granted. */
const KEEP_MS = 3600_000;

/** Gives back the till's previous lease (if any), learns of its 429s, and grants what the shop's budget allows now. */
export async function leaseRate(tx: Queryable, tillId: string, request: RateLeaseRequest, now: number): Promise<RateLease> {
  const { account } = request;
  // The till's ceiling for the account: the latest one asked with (every till of a shop runs the same default).
  await tx.query(
    `INSERT INTO rate_budgets (account_key, rate_limit, window_ms, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_key) DO UPDATE SET rate_limit = EXCLUDED.rate_limit, window_ms = EXCLUDED.window_ms`,
    [account, request.limit, request.windowMs, now],
  );
  const budget = (await tx.query<BudgetRow>(
    'SELECT rate_limit, window_ms, reduced, reduced_at, cut_at FROM rate_budgets WHERE account_key = $1 FOR UPDATE', [account],
  )).rows[0]!;
  let state = toState(budget);
  const counted = async (): Promise<LeaseRecord[]> => (await tx.query<LeaseRow>(
    `SELECT till_id, granted_at, expires_at, granted, used, returned_at FROM rate_leases WHERE account_key = $1 AND holds_until > $2`,
    [account, now],
  )).rows.map(toLease);

  let rateLimited = 0;
  if (request.giveBack) {
    const { leaseId, used, rateLimited: limited } = request.giveBack;
    // Only this till's own lease, and only once; what it says it used never exceeds what it was granted.
    const returned = (await tx.query<{ granted_at: number }>(
      `UPDATE rate_leases SET used = least($4::int, granted), returned_at = $5::bigint, holds_until = $6::bigint
        WHERE id = $1 AND till_id = $2 AND account_key = $3 AND returned_at IS NULL RETURNING granted_at`,
      [leaseId, tillId, account, used, now, now + RATE_LEASE.arrivalSlackMs + state.windowMs],
    )).rows[0];
    if (returned && limited > 0) {
      rateLimited = limited;
      state = afterRateLimited(state, await counted(), Number(returned.granted_at), now);
    }
  }

  for (const late of request.lateRateLimited ?? []) {
    const lease = (await tx.query<{ granted_at: number }>(
      'SELECT granted_at FROM rate_leases WHERE id = $1 AND till_id = $2 AND account_key = $3', [late.leaseId, tillId, account],
    )).rows[0];
    if (!lease) continue;
    rateLimited += late.count;
    state = afterRateLimited(state, await counted(), Number(lease.granted_at), now);
  }

  if (request.ownRecent) {
    // Sent on the till's own share while the server was away: counted as a lease used and given back now.
    await tx.query(
      `INSERT INTO rate_leases (account_key, till_id, granted_at, expires_at, granted, used, returned_at, holds_until)
       VALUES ($1, $2, $3, $3, $4, $4, $3, $5)`,
      [account, tillId, now, request.ownRecent, now + RATE_LEASE.arrivalSlackMs + state.windowMs],
    );
  }

  const leases = await counted();
  const decision = decideLease(state, leases, tillId, request.want, now);
  let leaseId: number | null = null;
  const expiresAt = now + RATE_LEASE.ttlMs;
  if (decision.granted > 0) {
    const lease: LeaseRecord = { tillId, grantedAt: now, expiresAt, granted: decision.granted, used: null, returnedAt: null };
    leaseId = Number((await tx.query<{ id: number }>(
      `INSERT INTO rate_leases (account_key, till_id, granted_at, expires_at, granted, holds_until) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [account, tillId, now, expiresAt, decision.granted, leaseHoldsUntil(lease, state.windowMs)],
    )).rows[0]!.id);
  }
  await tx.query(
    `UPDATE rate_budgets SET reduced = $2, reduced_at = $3, cut_at = $4, rate_limited = rate_limited + $5, updated_at = $6 WHERE account_key = $1`,
    [account, state.reduced?.value ?? null, state.reduced?.atMs ?? null, state.cutAtMs, rateLimited, now],
  );
  await tx.query('DELETE FROM rate_leases WHERE account_key = $1 AND holds_until < $2', [account, now - KEEP_MS]);
  return {
    leaseId, granted: decision.granted, expiresAt, nextAt: decision.nextAt, budget: decision.budget, activeTills: decision.activeTills,
  };
}

/** For Tienda and `status`: each account's budget now, permits counted in its window, and its 429s so far. */
export async function rateBudgets(db: Queryable, now: number): Promise<Array<{ account: string; budget: number; limit: number; held: number; rateLimited: number; activeTills: number }>> {
  const { rows } = await db.query<BudgetRow & { account_key: string; rate_limited: number }>(
    'SELECT account_key, rate_limit, window_ms, reduced, reduced_at, cut_at, rate_limited FROM rate_budgets ORDER BY account_key');
  const out = [];
  for (const row of rows) {
    const state = toState(row);
    const leases = (await db.query<LeaseRow>(
      'SELECT till_id, granted_at, expires_at, granted, used, returned_at FROM rate_leases WHERE account_key = $1 AND holds_until > $2', [row.account_key, now],
    )).rows.map(toLease);
    out.push({
      account: row.account_key, budget: currentBudget(state, now), limit: state.limit, held: permitsHeld(leases, now, state.windowMs),
      rateLimited: Number(row.rate_limited), activeTills: activeTills(leases, now, state.windowMs),
    });
  }
  return out;
}
