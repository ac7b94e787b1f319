/**
 * The shop server's own permits from the shop's one rate budget (issue 28): the confirmation loop's requests to the
 * invoicing service take a permit like a till's do, leased in-process from the same rows (server/store/rate-budget.ts)
 * under the server's own name, so the server's polling and the tills' sends keep under one limit together. Unused
 * permits go back with the next lease; a 429 is reported with the lease it was sent under (or later, if its lease
 * was already given back).
 */
import type { RequestPermits } from '../../common/invoicing/invoicing-api';
import { DEFAULT_RATE_LIMIT } from '../../common/invoicing/invoicing-api';
import type { RateLeaseRequest } from '../../shared/shop/contract';
import type { Database } from '../db/adapter';
import { leaseRate } from '../store/rate-budget';

/** The server's name in `rate_leases` (a till's is its 32-hex id): counted as one more active sender. */
export const SERVER_RATE_ID = 'shop-server';

/** Permits asked for at a time: the loop's requests come in small bursts (a page or two, a few look-ups). */
const WANT = 5;
/** The longest wait for a freed permit before asking again, and the most tries for one permit. */
const MAX_WAIT_MS = 2_000;
const MAX_TRIES = 120;

interface HeldLease { leaseId: number; left: number; used: number; rateLimited: number; expiresAt: number; returned: boolean }

export interface ServerPermits extends RequestPermits {
  close(): void;
}

export function createServerPermits(opts: {
  db: Database; account: string; now: () => number; sleep?: (ms: number) => Promise<void>;
  /** The ceiling asked with when the shop has no budget row for the account yet (default: the service's, 297 / 60 s). */
  limit?: { limit: number; windowMs: number };
}): ServerPermits {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let held: HeldLease | null = null;
  let late: Array<{ leaseId: number; count: number }> = [];
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  async function ceiling(): Promise<{ limit: number; windowMs: number }> {
    const row = (await opts.db.query<{ rate_limit: number; window_ms: number }>(
      'SELECT rate_limit, window_ms FROM rate_budgets WHERE account_key = $1', [opts.account])).rows[0];
    return row ? { limit: Number(row.rate_limit), windowMs: Number(row.window_ms) } : (opts.limit ?? DEFAULT_RATE_LIMIT);
  }

  async function takeOne(): Promise<{ done(outcome?: { rateLimited?: boolean }): void }> {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      if (closed) throw new Error('the server\'s permits are closed');
      const lease = held;
      if (lease && lease.left > 0 && opts.now() < lease.expiresAt - 20) {
        lease.left--;
        lease.used++;
        return {
          done(outcome) {
            if (!outcome?.rateLimited) return;
            if (!lease.returned) lease.rateLimited++;
            else late.push({ leaseId: lease.leaseId, count: 1 });
          },
        };
      }
      const { limit, windowMs } = await ceiling();
      const request: RateLeaseRequest = { account: opts.account, limit, windowMs, want: WANT };
      if (lease) {
        request.giveBack = { leaseId: lease.leaseId, used: lease.used, rateLimited: Math.min(lease.rateLimited, lease.used) };
        lease.returned = true;
      }
      if (late.length > 0) {
        request.lateRateLimited = late.slice(0, 20);
        late = late.slice(20);
      }
      held = null;
      const granted = await opts.db.transaction((tx) => leaseRate(tx, SERVER_RATE_ID, request, opts.now()));
      if (granted.leaseId !== null && granted.granted > 0) {
        held = { leaseId: granted.leaseId, left: granted.granted, used: 0, rateLimited: 0, expiresAt: granted.expiresAt, returned: false };
        continue;
      }
      const wait = granted.nextAt === null ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(20, granted.nextAt - opts.now()));
      await sleep(wait);
    }
    throw new Error('no permit from the shop\'s rate budget after many tries');
  }

  return {
    take() {
      // One at a time: the loop's requests share one lease, in order.
      const next = queue.then(takeOne, takeOne);
      queue = next.catch(() => {});
      return next;
    },
    close() {
      closed = true;
    },
  };
}
