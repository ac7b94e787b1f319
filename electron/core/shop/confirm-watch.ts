/**
 * The till's side of the shop's confirmations (issue 28): it tells the shop server which of its documents wait at
 * the invoicing service (`POST /v1/confirm/watch`), and while the server answers that it confirms them, the till's
 * sync engine does not poll them: the server learns their fate for the whole shop (one listing answers for many
 * tills) and hands each outcome back through the change feed. The till polls them itself again, at once, whenever
 * the server is away, refuses (no credentials, another account, credentials refused), is too old to have the route,
 * or has left a document without an outcome for too long. One request in flight at a time; every loop bounded.
 */
import { CONFIRM_LIMITS, type ConfirmRefusal, type ConfirmWatchResponse } from '../../../shared/shop/confirmations';
import type { OutboxEntry } from '../store/outbox';
import type { ConfirmDelegate } from '../sync/sync-engine';
import type { ShopClient } from './shop-client';
import { ShopError } from './shop-error';

/** Why the till confirms its own documents now. */
export type SelfConfirmReason = 'unpaired' | 'server-away' | 'server-old' | ConfirmRefusal;

export type ConfirmMode = { by: 'server'; watching: number } | { by: 'till'; reason: SelfConfirmReason };

export interface ConfirmWatchOptions {
  /** The signed client of the shop link now, or null (unpaired, stopped). */
  client: () => ShopClient | null;
  /** The shop link already knows the server is away. */
  serverAway?: () => boolean;
  /** The account's key (`rateAccountKey`): the server confirms only for the account it holds credentials of. */
  account: string;
  /** This service's documents waiting for a verdict (the store's queued entries with a document id). */
  awaiting: () => OutboxEntry[];
  now: () => number;
  /** The server's clock as the till knows it (queuedAt is sent in it). */
  serverNow: () => number;
  log?: (line: string) => void;
  onModeChange?: (mode: ConfirmMode) => void;
  /** How long a new document waits for others to go in the same report (ms). */
  batchMs?: number;
  /** Silence of the server this long (no answer to a report) ends its cover; a report is sent at least this often while it covers (ms). */
  keepAliveMs?: number;
  /** After a failed report (the server away), the next try (ms). */
  retryMs?: number;
  /** A server without the route is asked again after this long (ms). */
  oldServerRetryMs?: number;
  /** A document covered this long without an outcome is the till's to look at again (ms). */
  coverMaxAgeMs?: number;
  requestTimeoutMs?: number;
}

export interface ConfirmWatch extends ConfirmDelegate {
  mode(): ConfirmMode;
  /** The shop's requests on this account in the last minute and its limit, as the server last said (null: not heard). */
  shopTraffic(): { requestsLastMinute: number; limit: number; at: number } | null;
  /** The server could not learn this document's fate (its account does not know it): the engine looks at it itself. */
  release(referenceCode: string): void;
  /**
   * The shop link's contact changed: the server lost (what was covered is polled by the till at once) or back (a
   * report waiting out a failure goes now).
   */
  linkChanged(): void;
  close(): Promise<void>;
}

const DEFAULTS = { batchMs: 25, keepAliveMs: 20_000, retryMs: 10_000, oldServerRetryMs: 5 * 60_000, coverMaxAgeMs: 3 * 60_000, requestTimeoutMs: 5_000 };

export function createConfirmWatch(opts: ConfirmWatchOptions): ConfirmWatch {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS & ConfirmWatchOptions;
  const log = opts.log ?? (() => {});
  /** Documents the server said it watches (reference → document id and when it said so, the till's clock). */
  const covered = new Map<string, { documentId: string; since: number }>();
  /** Verdicts learnt here, for the server to stop watching. */
  const settled = new Set<string>();
  const listeners = new Set<() => void>();
  let mode: ConfirmMode = { by: 'till', reason: 'unpaired' };
  let lastAnswerAt = Number.NEGATIVE_INFINITY;
  let traffic: { requestsLastMinute: number; limit: number; at: number } | null = null;
  let retryAt = 0;
  let oldUntil = 0;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let timerDue = 0;
  let inFlight: Promise<void> | null = null;
  let again = false;

  function setMode(next: ConfirmMode): void {
    const was = mode;
    mode = next;
    if (was.by === next.by && (was.by === 'server' || (was as { reason: string }).reason === (next as { reason: string }).reason)) return;
    log(next.by === 'server' ? 'confirmations: the shop server confirms this till\'s documents' : `confirmations: this till confirms its own documents (${next.reason})`);
    opts.onModeChange?.(next);
  }
  function uncover(reason: SelfConfirmReason): void {
    const had = covered.size > 0;
    covered.clear();
    setMode({ by: 'till', reason });
    if (had) for (const listener of listeners) listener();
  }
  /** The server's cover holds: it said it confirms, it is not known to be away, and it answered lately. */
  function live(): boolean {
    return mode.by === 'server' && !(opts.serverAway?.() ?? false) && o.now() - lastAnswerAt < o.keepAliveMs * 2;
  }

  function schedule(delayMs: number): void {
    if (closed) return;
    if (inFlight) {
      again = true;
      return;
    }
    const due = o.now() + Math.max(0, delayMs);
    // A report already due sooner stands; one due later (the keep-alive) gives way to this one.
    if (timer && timerDue <= due) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = null;
      inFlight = report().finally(() => {
        inFlight = null;
        if (again) {
          again = false;
          schedule(o.batchMs);
        } else {
          schedule(nextDelay());
        }
      });
    }, Math.max(0, delayMs));
    timer.unref?.();
  }
  /** The next report: soon for new documents, at the keep-alive while something is covered, else not before a retry. */
  function nextDelay(): number {
    const t = o.now();
    if (t < oldUntil) return oldUntil - t;
    if (t < retryAt) return retryAt - t;
    if (unreported().length > 0 || settled.size > 0) return o.batchMs;
    return o.keepAliveMs;
  }
  function unreported(): OutboxEntry[] {
    return opts.awaiting().filter((e) => e.remoteId !== null && !covered.has(e.referenceCode));
  }

  async function report(): Promise<void> {
    const client = opts.client();
    if (!client) {
      uncover('unpaired');
      return;
    }
    const t = o.now();
    if (t < oldUntil || t < retryAt) return;
    // Documents with a verdict now (from the feed or polled here) are no longer covered: nothing to keep of them.
    const awaitingNow = new Set(opts.awaiting().map((e) => e.referenceCode));
    for (const ref of [...covered.keys()]) if (!awaitingNow.has(ref)) covered.delete(ref);
    const waiting = unreported();
    // With nothing new it still says it is there at the keep-alive: the server's panel tells a till that confirms its
    // own (silent for long) from one whose documents the server confirms, and the till learns of cleared credentials.
    const offset = opts.serverNow() - t;
    const documents = waiting.slice(0, CONFIRM_LIMITS.documentsPerWatch).map((e) => ({
      referenceCode: e.referenceCode, documentId: e.remoteId as string, queuedAt: Math.max(0, e.updatedAt + offset),
    }));
    const done = [...settled].slice(0, CONFIRM_LIMITS.documentsPerWatch);
    let answer: ConfirmWatchResponse;
    try {
      answer = await client.confirmWatch({ account: opts.account, documents, settled: done }, o.requestTimeoutMs);
    } catch (error) {
      if (error instanceof ShopError && error.status === 404) {
        oldUntil = o.now() + o.oldServerRetryMs;
        uncover('server-old');
      } else {
        retryAt = o.now() + o.retryMs;
        uncover('server-away');
      }
      return;
    }
    lastAnswerAt = o.now();
    if (answer.shop) traffic = { ...answer.shop, at: lastAnswerAt };
    for (const ref of done) settled.delete(ref);
    if (!answer.confirming) {
      retryAt = o.now() + o.retryMs;
      uncover(answer.reason ?? 'no_credentials');
      return;
    }
    for (const doc of documents) covered.set(doc.referenceCode, { documentId: doc.documentId, since: lastAnswerAt });
    setMode({ by: 'server', watching: answer.watching });
    if (waiting.length > documents.length) again = true;
  }

  return {
    queued() {
      schedule(o.batchMs);
    },
    settled(referenceCode) {
      covered.delete(referenceCode);
      if (mode.by === 'server') {
        settled.add(referenceCode);
        schedule(o.batchMs);
      }
    },
    covers(entry) {
      if (entry.remoteId === null || !live()) return false;
      const cover = covered.get(entry.referenceCode);
      if (!cover || cover.documentId !== entry.remoteId) return false;
      // Left without an outcome too long: the till looks at it itself (the server may be confirming nothing).
      return o.now() - cover.since < o.coverMaxAgeMs;
    },
    shopTraffic: () => (traffic && o.now() - traffic.at < o.keepAliveMs * 2 ? traffic : null),
    release(referenceCode) {
      if (!covered.delete(referenceCode)) return;
      for (const listener of listeners) listener();
    },
    onCoverChange(listener) {
      listeners.add(listener);
      // The first report goes soon: documents queued before a restart are the server's too.
      schedule(o.batchMs);
      return () => listeners.delete(listener);
    },
    mode: () => (mode.by === 'server' && (opts.serverAway?.() ?? false) ? { by: 'till', reason: 'server-away' } : mode),
    linkChanged() {
      if (opts.serverAway?.() ?? false) {
        // The shop link lost the server: what it covered is the till's again, now (not at the next keep-alive).
        if (covered.size > 0 || mode.by === 'server') uncover('server-away');
        return;
      }
      // In touch (again, or paired just now): a till that confirms its own for want of the server asks at once.
      if (retryAt > o.now() || (mode.by === 'till' && (mode.reason === 'unpaired' || mode.reason === 'server-away') && opts.client() !== null)) {
        retryAt = 0;
        schedule(o.batchMs);
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
      listeners.clear();
    },
  };
}
