/**
 * The till's side of the shop's one rate budget (issue 28): before each request to the invoicing service the till
 * takes a permit from a lease the shop server granted (shared/shop/rate-lease-rule.ts). When the till is not paired,
 * or the server does not answer within `askTimeoutMs`, the till sends on its own with a conservative share of the
 * limit: its part of the tills that were active when it last heard from the server (else the owner's setting), and
 * says so (`mode()`), asking the server again after `retryServerMs`. A 429 is counted against the lease it was sent
 * under and reported when the lease is given back, so the server cuts the whole shop's budget.
 *
 * Handing back after an outage: the tills come back one at a time (each asks again up to `retryServerMs` after its
 * last failed try), and the server cannot know what the tills not back yet still send on their own shares. So a till
 * back from its own share keeps to that share as well as to the server's permits (`ownShare()`) until every till that
 * was still sending on its own must have come back and its own requests have left the service's window:
 * `retryServerMs + askTimeoutMs` (the others' return) + the window + the arrival slack, counted from its own return.
 * Each till alone then stays within its share, and the server's window, told of every till's own requests as it
 * returns (`ownRecent`), is whole again when the hand-back ends.
 *
 * Falling back: the tills' shares of the shop's window need not be even when the server goes away (one till sent
 * more than its part, another less), and the one that sent less must not fill its part while the other's requests are
 * still in the window. So for a window after it falls back (the window + the arrival slack), a till keeps to what it
 * sent under the shop's permits in the window before (at least `FALL_BACK_FLOOR` of the limit), if that is less than
 * its share: the tills together then send no more than the shop did (and the floor of the tills that sent less).
 *
 * While the till keeps to a share under 1 (on its own, falling back, handing back), every start of the last window
 * (+ the arrival slack) counts against it here too, shop's permits and own alike: the till's limiter admits a request
 * before it takes a permit, so the requests that were waiting for the shop's permits when the server went away had
 * been admitted at the whole limit, and would otherwise all go out at once.
 *
 * Nothing here waits without bound: a wait for a freed permit is at most `maxWaitMs` at a time, and every loop ends
 * when `close()` is called.
 */
import type { RateLease, RateLeaseRequest } from '../../../shared/shop/contract';
import { RATE_LEASE } from '../../../shared/shop/rate-lease-rule';
import type { ShopClient } from './shop-client';
import { ShopError } from './shop-error';

/** The account's name at the server: the hex SHA-256 of the service's address and client id (the id is not sent). */
export { rateAccountKey } from '../../../common/invoicing/account-key';

/** Why a till keeps to its own share: not paired, the server away, or a server too old to share the budget. */
export type OwnReason = 'unpaired' | 'server-away' | 'server-old';

export type PermitMode =
  /** Permits from the shop server's budget. */
  | { kind: 'shop'; activeTills: number; budget: number }
  /** On its own: the server is away (or the till not paired); `share` of the limit, in (0, 1]. */
  | { kind: 'own'; share: number; reason: OwnReason };

export interface Permit {
  /** Where the permit came from: with 'own', the till's own limiter keeps to `share` of the limit. */
  readonly from: 'shop' | 'own';
  /** Call once the request has finished. */
  done(outcome?: { rateLimited?: boolean }): void;
}

export interface RatePermits {
  take(): Promise<Permit>;
  mode(): PermitMode;
  /**
   * The share of the limit the till's own limiter keeps to now: 1 while the shop's budget decides, its own share while
   * on its own and for the hand-back after it, and no more than it sent under the shop's permits while falling back.
   */
  ownShare(): number;
  close(): Promise<void>;
}

export interface RatePermitsOptions {
  /** The signed client of the shop link now, or null (unpaired, stopped). */
  client: () => ShopClient | null;
  /** The shop link already knows the server is away: the till goes on its own share without asking. */
  serverAway?: () => boolean;
  account: string;
  limit: number;
  windowMs: number;
  /** The till's clock and the server's (lease times are the server's). */
  now: () => number;
  serverNow: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The owner's share setting, in (0, 1]: the fallback before the till has heard how many tills are active. */
  settingShare: () => number;
  onModeChange?: (mode: PermitMode) => void;
  askTimeoutMs?: number;
  retryServerMs?: number;
  maxWaitMs?: number;
}

interface Lease { id: number; left: number; used: number; rateLimited: number; expiresAt: number }

/** A server without the lease route is asked again this much later (it may have been updated). */
const OLD_SERVER_RETRY_MS = 10 * 60_000;

/**
 * Falling back, a till keeps to what it sent under the shop's permits in the window before, but never to less than
 * this share of the limit (14 requests a minute at 297): a till that sent nothing before the outage still invoices
 * at a counter's pace. The price: each such till can add this much to a window the others had filled.
 */
const FALL_BACK_FLOOR = 0.05;

/** A permit is not started in the last moments of its lease (it must reach the service before the lease ends). */
const EXPIRY_MARGIN_MS = 150;

export function createRatePermits(opts: RatePermitsOptions): RatePermits {
  const askTimeoutMs = opts.askTimeoutMs ?? 2_000;
  const retryServerMs = opts.retryServerMs ?? 30_000;
  const maxWaitMs = opts.maxWaitMs ?? 2_000;
  let lease: Lease | null = null;
  /** A returned-but-unreported lease: given back with the next request to the server. */
  let toGiveBack: Lease | null = null;
  let lastActiveTills: number | null = null;
  let current: PermitMode = { kind: 'own', share: 1, reason: 'unpaired' };
  let serverAwayUntil = 0;
  let serverOldUntil = 0;
  let waiting = 0;
  let lastLeaseUse = 1;
  /** Back from its own share: the till keeps to `handBack.share` until `handBack.until` (the till's clock). */
  let handBack: { share: number; until: number } | null = null;
  /** Just fallen back: the till keeps to what it sent under the shop's permits in the last window, until `until`. */
  let fallingBack: { share: number; until: number } | null = null;
  /** When this till started requests under the shop's permits, in the last window (+ the arrival slack). */
  let shopStarts: number[] = [];
  /** When this till started any request (shop's or own permit), in the last window (+ the arrival slack). */
  let allStarts: number[] = [];
  const inWindow = (starts: number[]): number[] => {
    const since = opts.now() - opts.windowMs - RATE_LEASE.arrivalSlackMs;
    return starts.filter((at) => at > since);
  };
  /** 429s of leases already given back (their requests were still in flight): reported with the next request. */
  const late = new Map<number, number>();
  const lateList = () => [...late].slice(0, RATE_LEASE.maxPermits).map(([leaseId, count]) => ({ leaseId, count: Math.min(count, RATE_LEASE.maxPermits) }));
  let closed = false;
  // One caller at a time asks the server, so callers are served in arrival order.
  let turn: Promise<unknown> = Promise.resolve();

  const fallbackShare = (): number => {
    const setting = opts.settingShare();
    const byTills = lastActiveTills === null ? 1 : 1 / lastActiveTills;
    return Math.min(setting > 0 && setting <= 1 ? setting : 1, byTills);
  };
  const setMode = (next: PermitMode): void => {
    const changed = next.kind !== current.kind || (next.kind === 'own' && current.kind === 'own' && (next.share !== current.share || next.reason !== current.reason))
      || (next.kind === 'shop' && current.kind === 'shop' && next.activeTills !== current.activeTills);
    current = next;
    if (changed) opts.onModeChange?.(next);
  };

  /** When this till started requests on its own share, in the last window: told to the server when it answers again. */
  let ownStarts: number[] = [];
  const goOwn = (reason: OwnReason): void => {
    if (reason === 'server-away' && current.kind === 'shop') {
      shopStarts = inWindow(shopStarts);
      fallingBack = { share: Math.max(FALL_BACK_FLOOR, Math.min(1, (shopStarts.length + 0.5) / opts.limit)), until: opts.now() + opts.windowMs + RATE_LEASE.arrivalSlackMs };
    }
    setMode({ kind: 'own', share: fallbackShare(), reason });
  };
  const ownPermit = (reason: OwnReason): Permit => {
    if (reason === 'server-away') ownStarts.push(opts.now());
    started();
    return { from: 'own', done: () => {} };
  };
  const started = (): void => {
    allStarts.push(opts.now());
    if (allStarts.length > 4 * opts.limit) allStarts = inWindow(allStarts);
  };
  /** The share the till keeps to now: 1 under the shop's budget; its own share on its own, handing back or falling back. */
  const shareNow = (): number => {
    const t = opts.now();
    if (handBack && t >= handBack.until) handBack = null;
    if (fallingBack && t >= fallingBack.until) fallingBack = null;
    const share = current.kind === 'own' ? current.share : handBack?.share ?? 1;
    return fallingBack ? Math.min(share, fallingBack.share) : share;
  };
  /**
   * With a share under 1, how long to wait before the next start (0: now). The till's limiter keeps to the share too,
   * but it admitted the callers already waiting here at the share of their time (the whole limit, when the server
   * still decided): this counts every start of the last window (+ the arrival slack) against the share now.
   */
  const waitForShare = (): number => {
    const share = shareNow();
    if (share >= 1) return 0;
    const ceiling = Math.max(1, Math.floor(opts.limit * Math.max(0.01, share)));
    allStarts = inWindow(allStarts);
    if (allStarts.length < ceiling) return 0;
    const frees = (allStarts[allStarts.length - ceiling] as number) + opts.windowMs + RATE_LEASE.arrivalSlackMs;
    return Math.max(20, Math.min(maxWaitMs, frees - opts.now() + 1));
  };
  const ownRecent = (): number => {
    ownStarts = inWindow(ownStarts);
    return Math.min(1_000, ownStarts.length);
  };
  const leasePermit = (l: Lease): Permit => {
    l.left -= 1;
    l.used += 1;
    started();
    shopStarts.push(opts.now());
    if (shopStarts.length > 4 * opts.limit) shopStarts = inWindow(shopStarts);
    let finished = false;
    return {
      from: 'shop',
      done(outcome) {
        if (finished) return;
        finished = true;
        if (!outcome?.rateLimited) return;
        if (lease === l || toGiveBack === l) l.rateLimited += 1;
        else late.set(l.id, (late.get(l.id) ?? 0) + 1);
      },
    };
  };
  const usable = (l: Lease | null): l is Lease => l !== null && l.left > 0 && opts.serverNow() < l.expiresAt - EXPIRY_MARGIN_MS;

  async function ask(client: ShopClient): Promise<RateLease | 'old' | null> {
    const back = lease ?? toGiveBack;
    const body: RateLeaseRequest = {
      account: opts.account, limit: opts.limit, windowMs: opts.windowMs,
      want: Math.max(1, Math.min(RATE_LEASE.maxPermits, waiting + lastLeaseUse)),
      ...(back ? { giveBack: { leaseId: back.id, used: back.used, rateLimited: back.rateLimited } } : {}),
      ...(late.size > 0 ? { lateRateLimited: lateList() } : {}),
      ...(ownRecent() > 0 ? { ownRecent: ownRecent() } : {}),
    };
    try {
      const answer = await client.rateLease(body, askTimeoutMs);
      for (const { leaseId } of body.lateRateLimited ?? []) late.delete(leaseId);
      if (body.ownRecent) ownStarts = [];
      if (back) lastLeaseUse = Math.max(1, back.used);
      lease = null;
      toGiveBack = null;
      return answer;
    } catch (error) {
      // The lease stays with us to give back next time (its 429s still count); it expires by itself meanwhile.
      if (lease) { toGiveBack = lease; lease = null; }
      // A server from before issue 28 has no such route: it does not share the budget (asked again much later).
      if (error instanceof ShopError && error.status === 404) return 'old';
      return null;
    }
  }

  async function takeInTurn(): Promise<Permit> {
    for (;;) {
      if (closed) return { from: 'own', done: () => {} };
      // On its own share, handing back or falling back: no start beyond the share (bounded waits, then look again).
      const own = (reason: OwnReason): OwnReason | null => {
        goOwn(reason);
        return waitForShare() > 0 ? null : reason;
      };
      let ownReason: OwnReason | null | undefined;
      if (usable(lease)) {
        const wait = waitForShare();
        if (wait === 0) return leasePermit(lease);
        await opts.sleep(wait);
        continue;
      }
      const client = opts.client();
      if (!client) ownReason = own('unpaired');
      else if (opts.now() < serverOldUntil) ownReason = own('server-old');
      else if (opts.now() < serverAwayUntil || opts.serverAway?.()) ownReason = own('server-away');
      if (ownReason !== undefined) {
        if (ownReason !== null) return ownPermit(ownReason);
        await opts.sleep(waitForShare());
        continue;
      }
      const answer = await ask(client!);
      if (answer === 'old') {
        serverOldUntil = opts.now() + OLD_SERVER_RETRY_MS;
        continue;
      }
      if (!answer) {
        serverAwayUntil = opts.now() + retryServerMs;
        continue;
      }
      lastActiveTills = answer.activeTills;
      if (current.kind === 'own' && current.share < 1) {
        // Back from its own share: keep to it until the others still on theirs are back and it has left the window.
        const until = opts.now() + retryServerMs + askTimeoutMs + opts.windowMs + RATE_LEASE.arrivalSlackMs;
        handBack = handBack && opts.now() < handBack.until
          ? { share: Math.min(handBack.share, current.share), until: Math.max(handBack.until, until) }
          : { share: current.share, until };
      }
      setMode({ kind: 'shop', activeTills: answer.activeTills, budget: answer.budget });
      if (answer.leaseId !== null && answer.granted > 0) {
        lease = { id: answer.leaseId, left: answer.granted, used: 0, rateLimited: 0, expiresAt: answer.expiresAt };
        continue;
      }
      // Nothing free in the shop's window: wait until a permit frees (bounded), then ask again.
      const wait = answer.nextAt === null ? 50 : Math.max(20, Math.min(maxWaitMs, answer.nextAt - opts.serverNow()));
      await opts.sleep(wait);
    }
  }

  return {
    take() {
      waiting += 1;
      const next = turn.then(takeInTurn, takeInTurn).finally(() => { waiting -= 1; });
      turn = next.catch(() => {});
      return next;
    },
    mode: () => current,
    ownShare: shareNow,
    async close() {
      closed = true;
      // Unused permits go back at once (best effort), so the other tills may use them.
      const client = opts.client();
      const back = lease ?? toGiveBack;
      if (client && back) {
        await client.rateLease({
          account: opts.account, limit: opts.limit, windowMs: opts.windowMs, want: 0,
          giveBack: { leaseId: back.id, used: back.used, rateLimited: back.rateLimited },
        }, askTimeoutMs).catch(() => {});
      }
      lease = null;
      toGiveBack = null;
    },
  };
}
