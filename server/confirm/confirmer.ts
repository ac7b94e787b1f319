/**
 * The shop's confirmation loop (issue 28): one per invoicing account for the whole shop, across server processes.
 * Every process runs a `Confirmer`; the one that holds the account's lease (`confirm_leader`, renewed each turn,
 * taken over when it lapses) looks at the documents the tills wait on and stores each final outcome into the change
 * feed for its till. Only a process that can read the secret from its machine's keychain tries to lead.
 *
 * With the fewest requests: when two or more documents are due it reads pages of the documents list (one request
 * answers for up to a page), then looks up one by one only those the list did not show; a single due document is one
 * GET. A document is first looked at `firstLookMs` after the service accepted it, learned with the till's own rule
 * (shared/api/confirm-timing.ts: lower after a first look found it final, higher after one found it pending, never
 * past a time a document was proven still queued), then again in small steps until documents normally have their
 * verdict, and with backoff after. Every request takes a permit from the shop's budget (server-permits.ts). A 404 is recorded as such
 * (status NOT_FOUND) and not looked at again; a 401 to the server's credentials marks them refused and stops the loop.
 *
 * Every loop is bounded: a turn looks at most `maxDue` documents, reads at most a few pages and `maxLookups` single
 * documents, and `close()` ends it.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { classifyStatus, type RemoteDocument } from '../../shared/api/document';
import { DEFAULT_TIMING, learnFromPoll, type ConfirmTiming, type TimingObservation } from '../../shared/api/confirm-timing';
import type { ShopInvoicingStatus } from '../../shared/shop/confirmations';
import { isApiError } from '../../common/invoicing/errors';
import { createInvoicingApi, type InvoicingApi, type InvoicingApiOptions } from '../../common/invoicing/invoicing-api';
import type { Database } from '../db/adapter';
import {
  accountRequests, confirmationFigures, dueDocuments, nextDueAt, noteHeard, pruneWatches, notePending, postpone, readConfirmTiming, readServiceAccount, refuseServiceAccount, releaseLeadership,
  saveConfirmTiming, storeOutcome, takeLeadership, waitingByIds, waitingCount, type ConfirmationFigures, type ServiceAccount, type WaitingDocument,
} from '../store/confirmations';
import { createServerPermits, type ServerPermits } from './server-permits';
import { webhookNumbers } from '../webhooks/numbers';
import type { ServiceSecrets } from './keychain';

export interface ConfirmerOptions {
  db: Database;
  /** Told when an outcome was stored: long-polls at every process wake (ChangeNotifier.changed). */
  changed: () => void;
  secrets: ServiceSecrets;
  now?: () => number;
  log?: (line: string) => void;
  /** This process's name in the leader lease (default: host, pid and a random tag). */
  holder?: string;
  /** Between turns (default 250 ms); the lease lasts `leaseMs` (default 5 s) and is renewed every turn. */
  turnMs?: number;
  leaseMs?: number;
  /** Tests: the client's timeouts and retries, and the ceiling for the server's permits with no budget row yet. */
  api?: Pick<InvoicingApiOptions, 'timeouts' | 'retry'>;
  rateLimit?: { limit: number; windowMs: number };
}

/** What the webhooks part hands the confirmer: a document id the service spoke of (believed only after a GET). */
export interface HeardHook {
  heard(documentId: string): void;
}

export interface Confirmer extends HeardHook {
  /** Runs a turn soon (a watch named documents). */
  wake(): void;
  /** Whether this process confirms now (holds the lease). */
  leading(): boolean;
  /** Runs one turn now and waits for it (tests). */
  turn(): Promise<void>;
  /** Requests this process's client sent to the service (tests and figures). */
  requests(): number;
  /** Of those, the reads of documents (list pages and single GETs). */
  reads(): number;
  /** The service's timing as this process has learned it (figures and tests). */
  timing(): ConfirmTiming;
  close(): Promise<void>;
}

/** Documents looked at in one turn, pages read for them, single look-ups after the list. */
const MAX_DUE = 500;
const PER_PAGE = 100;
const MIN_PAGE = 10;
const MAX_LOOKUPS = 20;
/** Due documents within this of the first one due are looked at with it (one list request for all). */
const COALESCE_MS = 300;
/** Follow-ups: 300 ms, doubling, at most 30 s apart; a failed turn waits 2 s. */
const FOLLOW_UP_MS = 300;
/**
 * While a document is within the time documents normally take (until the learned `settleMs`) it is looked at again
 * every eighth of the learned spread, at least EXPECTED_STEP_MS (50 ms: half the till's own step, since the outcome
 * still has the feed to go through to reach the till) and at most EXPECTED_STEP_MAX_MS or a tenth of the first look;
 * after that, less and less often (half the time overdue), up to FOLLOW_UP_MAX_MS — the till's poll schedule's rule
 * (electron/core/sync/poll-schedule.ts).
 */
const EXPECTED_STEP_MS = 50;
const EXPECTED_STEP_MAX_MS = 350;
const FOLLOW_UP_MAX_MS = 30_000;
const FAILED_WAIT_MS = 2_000;
/** What the learned timing's in-memory helper remembers at most: documents seen pending (their last time). */
const MAX_PENDING_SEEN = 20_000;
/**
 * The gap between two reads of the service grows with the documents waiting beyond a few (Little's law, as the till's
 * poll schedule): a quiet shop learns each verdict at once, a busy one reads a page for many documents at a time —
 * about one read per 20 documents when the shop sends at the service's limit. See readGapMs.
 */
const READ_GAP_MIN_MS = 100;
const READ_GAP_PER_WAITING_MS = 150;
const READ_GAP_FREE_WAITING = 4;
const READ_GAP_MAX_MS = 15_000;
/**
 * The shop's own use of its budget widens the gap: from BUDGET_EASY of the limit used in the last minute (every
 * till's permits and the server's) up to BUDGET_GAP_MS more at BUDGET_FULL, read at most every BUDGET_CHECK_MS.
 */
const BUDGET_EASY = 0.6;
const BUDGET_FULL = 0.9;
const BUDGET_GAP_MS = 500;
const BUDGET_CHECK_MS = 1_000;

/**
 * The shortest time between two reads of the service, for `waiting` documents without a verdict and `usedShare` of
 * the shop's limit used in the last minute. While a few wait (at most READ_GAP_FREE_WAITING: about one sale a second
 * with a 2 s service) a read looks at those in their expected window, so it may come at the follow-up step itself
 * (EXPECTED_STEP_MS); beyond that the gap grows with what waits. And while the shop's requests fill more than
 * BUDGET_EASY of its limit the gap widens with them: the tills' sales go out first (a sale that waits for a permit
 * holds back its own verdict and every later one). Without it an uneven service (2 to 2.5 s) at one sale a second
 * had the loop filling the shop's budget (296 of 297 in a minute, a verdict 3.6 s late at p95).
 */
export function readGapMs(waiting: number, usedShare: number): number {
  const base = waiting <= READ_GAP_FREE_WAITING ? EXPECTED_STEP_MS
    : READ_GAP_MIN_MS + READ_GAP_PER_WAITING_MS * (waiting - READ_GAP_FREE_WAITING);
  const pressure = Math.min(1, Math.max(0, (usedShare - BUDGET_EASY) / (BUDGET_FULL - BUDGET_EASY)));
  return Math.min(READ_GAP_MAX_MS, Math.round(base + pressure * BUDGET_GAP_MS));
}
/**
 * While the service's webhooks reach the server (one heard in the last WEBHOOKS_FRESH_MS), a document is read when its
 * event comes; one whose event never comes is looked at after WEBHOOK_FALLBACK_MS at the earliest (a lost event), and
 * follow-ups of a pending one are slower.
 */
const WEBHOOKS_FRESH_MS = 10 * 60_000;
const WEBHOOK_FALLBACK_MS = 10_000;
const WEBHOOK_FOLLOW_UP_MS = 5_000;
const WEBHOOK_CHECK_EVERY_MS = 5_000;
/** The learned timing is written to the database at most this often while it changes (and when confirming stops). */
const TIMING_SAVE_EVERY_MS = 5_000;
/** Without the secret in this machine's keychain, it is looked for again this often. */
const SECRET_RETRY_MS = 30_000;
/** Old watches are deleted once a minute by the confirming process (see pruneWatches). */
const PRUNE_EVERY_MS = 60_000;

class LeaseLost extends Error {}

export function startConfirmer(opts: ConfirmerOptions): Confirmer {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});
  const holder = opts.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const turnMs = opts.turnMs ?? 250;
  const leaseMs = opts.leaseMs ?? 5_000;
  let loaded: { version: number; account: ServiceAccount; api: InvoicingApi | null; permits: ServerPermits | null; triedAt: number } | null = null;
  let prunedAt = 0;
  let isLeader = false;
  /**
   * The service's timing, learned as the till learns it (shared/api/confirm-timing.ts): the first look never climbs
   * past a time at which a document was proven still queued, so it does not overshoot a steady service.
   */
  let timing: ConfirmTiming = DEFAULT_TIMING;
  /** When each waiting document was last seen still pending (its lower bound for the timing), by reference code. */
  const pendingSeenAt = new Map<string, number>();
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let sent = 0;
  let reads = 0;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  /** The next turn sooner than the usual tick (a read gap ending), or null. */
  let soonest: number | null = null;
  /** When a webhook was last heard (here, or by any process: its counters), and when that was last checked. */
  let heardAt = Number.NEGATIVE_INFINITY;
  let heardCheckedAt = Number.NEGATIVE_INFINITY;

  function schedule(ms: number): void {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void runTurn();
    }, ms);
    timer.unref();
  }

  function runTurn(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        await turn();
      } catch (error) {
        log(`confirmaciones: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
      } finally {
        running = null;
      }
      if (again) {
        again = false;
        schedule(0);
      } else {
        const tick = isLeader ? turnMs : Math.max(turnMs, 1_000);
        schedule(soonest === null ? tick : Math.max(0, Math.min(tick, soonest - now())));
        soonest = null;
      }
    })();
    return running;
  }

  async function dropClient(): Promise<void> {
    const old = loaded;
    loaded = null;
    old?.permits?.close();
    await old?.api?.close();
  }

  /** The account's credentials as this process can use them: reloaded when their version moves. */
  async function credentials(): Promise<{ account: ServiceAccount; api: InvoicingApi } | null> {
    const account = await readServiceAccount(opts.db);
    if (!account || account.state !== 'set') {
      if (loaded) await dropClient();
      return null;
    }
    // Read again when the owner set them again (a new version), or, without a secret here, every half minute.
    if (!loaded || loaded.version !== account.version || (!loaded.api && now() - loaded.triedAt >= SECRET_RETRY_MS)) {
      await dropClient();
      let secret: string | null = null;
      try {
        secret = await opts.secrets.get(account.accountKey);
      } catch (error) {
        log(error instanceof Error ? error.message : String(error));
      }
      if (secret === null) {
        // This machine does not hold the secret (another server machine on the database does, or `set` is under way).
        loaded = { version: account.version, account, api: null, permits: null, triedAt: now() };
        return null;
      }
      const permits = createServerPermits({ db: opts.db, account: account.accountKey, now, ...(opts.rateLimit ? { limit: opts.rateLimit } : {}) });
      const api = createInvoicingApi({
        baseUrl: account.serviceUrl, clientId: account.clientId, getClientSecret: async () => secret,
        permits, now,
        timeouts: { connectMs: 5_000, totalMs: 15_000, ...opts.api?.timeouts },
        retry: { maxAttempts: 3, baseMs: 250, capMs: 2_000, maxElapsedMs: 4_000, ...opts.api?.retry },
        onRequest: (request) => {
          sent++;
          if (request.kind === 'list' || request.kind === 'document') reads++;
        },
      });
      loaded = { version: account.version, account, api, permits, triedAt: now() };
    }
    return loaded.api ? { account: loaded.account, api: loaded.api } : null;
  }

  async function turn(): Promise<void> {
    if (closed) return;
    const held = await credentials();
    if (!held) {
      if (isLeader) await releaseLeadership(opts.db, holder);
      isLeader = false;
      return;
    }
    const { account, api } = held;
    const wasLeader = isLeader;
    isLeader = await takeLeadership(opts.db, account.accountKey, holder, now(), leaseMs);
    if (!isLeader) return;
    // Confirming from now (started, restarted, or taking over): at the pace the shop last learned, not from the default.
    if (!wasLeader || timingAccount !== account.accountKey) await loadTiming(account.accountKey);
    if (now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now();
      await pruneWatches(opts.db, prunedAt);
    }
    const at = now();
    const hooked = await webhooksFlowing(at);
    // With webhooks a document's first look waits for its event (a lost one is looked at after the fallback).
    const firstLookMs = timing.firstLookMs;
    const firstLook = hooked ? Math.max(3 * firstLookMs, firstLookMs + WEBHOOK_FALLBACK_MS) : firstLookMs;
    const due = await dueDocuments(opts.db, account.accountKey, at + COALESCE_MS, firstLook, MAX_DUE);
    // Looked at only when one is due now; the others due within COALESCE_MS come along (one list for all).
    const dueNow = due.some((d) => d.prompt || (d.looks === 0 ? d.queuedAt + firstLook : 0) <= at);
    if (due.length === 0 || !dueNow) {
      // The next turn when the next document is due (not at the usual tick): a follow-up is seen within its step.
      const next = await nextDueAt(opts.db, account.accountKey, firstLook);
      if (next !== null) soonest = Math.max(at, next);
      return;
    }
    // Not before the read gap for what waits now: a busy shop's documents are read together, a page at a time.
    const waiting = await waitingCount(opts.db, account.accountKey);
    const gap = readGapMs(waiting, await budgetUsed(at, account.accountKey));
    if (at < lastReadAt + gap) {
      soonest = lastReadAt + gap;
      return;
    }
    lastReadAt = at;
    followUpBase = hooked ? WEBHOOK_FOLLOW_UP_MS : FOLLOW_UP_MS;
    hookedNow = hooked;
    try {
      await look(api, account, due);
    } catch (error) {
      if (error instanceof LeaseLost) return;
      if (isApiError(error) && error.kind === 'auth') {
        await refuseServiceAccount(opts.db, account.version, now());
        log(`confirmaciones: el servicio rechazó las credenciales de ${account.clientId} (401): el servidor deja de confirmar; `
          + 'las cajas confirman por sí mismas hasta que se escriban de nuevo (npm run server -- service-account set)');
        await dropClient();
        await releaseLeadership(opts.db, holder);
        isLeader = false;
        return;
      }
      await postpone(opts.db, due.map((d) => d.referenceCode), now() + FAILED_WAIT_MS);
      throw error;
    }
  }

  let followUpBase = FOLLOW_UP_MS;
  let hookedNow = false;

  /**
   * The learned timing is kept in the database per account (confirm_timing): read when this process starts confirming,
   * written at most every TIMING_SAVE_EVERY_MS while it learns, and when it stops.
   */
  let timingAccount: string | null = null;
  let timingSavedAt = Number.NEGATIVE_INFINITY;
  let timingDirty = false;
  async function loadTiming(accountKey: string): Promise<void> {
    timingAccount = accountKey;
    timingDirty = false;
    pendingSeenAt.clear();
    try {
      timing = (await readConfirmTiming(opts.db, accountKey)) ?? DEFAULT_TIMING;
    } catch {
      timing = DEFAULT_TIMING; // no such table (an older schema in a test): learned afresh, as before
    }
  }
  async function saveTiming(): Promise<void> {
    if (timingAccount === null || !timingDirty) return;
    try {
      await saveConfirmTiming(opts.db, timingAccount, timing, now());
      timingSavedAt = now();
      timingDirty = false;
    } catch (error) {
      log(`confirmaciones: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
    }
  }

  /** The shop's requests in the last minute as a share of its limit (every till's and the server's), read at most every second. */
  let usedShare = 0;
  let usedCheckedAt = Number.NEGATIVE_INFINITY;
  async function budgetUsed(at: number, accountKey: string): Promise<number> {
    if (at - usedCheckedAt < BUDGET_CHECK_MS) return usedShare;
    usedCheckedAt = at;
    const { requestsLastMinute, limit } = await accountRequests(opts.db, accountKey, at);
    usedShare = limit > 0 ? requestsLastMinute / limit : 0;
    return usedShare;
  }

  /** Whether the service's webhooks reach the shop now: heard here lately, or by any process (their counters). */
  async function webhooksFlowing(at: number): Promise<boolean> {
    if (at - heardCheckedAt >= WEBHOOK_CHECK_EVERY_MS) {
      heardCheckedAt = at;
      try {
        heardAt = Math.max(heardAt, (await webhookNumbers(opts.db)).lastReceivedAt ?? Number.NEGATIVE_INFINITY);
      } catch {
        // no webhook tables (an older schema in a test): polling alone, as without webhooks
      }
    }
    return at - heardAt < WEBHOOKS_FRESH_MS;
  }

  /** Before each request: the lease renewed, so that one process confirms at a time even through a long turn. */
  async function keepLease(account: ServiceAccount): Promise<void> {
    if (closed) throw new LeaseLost();
    isLeader = await takeLeadership(opts.db, account.accountKey, holder, now(), leaseMs);
    if (!isLeader) throw new LeaseLost();
  }

  /** Learns the fate of `due` (and of any other waiting document a list page shows) with the fewest requests. */
  async function look(api: InvoicingApi, account: ServiceAccount, due: WaitingDocument[]): Promise<void> {
    const seen = new Map<string, RemoteDocument>();
    const wantedIds = new Set(due.map((d) => d.documentId));
    if (due.length > 1) {
      const waiting = await waitingCount(opts.db, account.accountKey);
      const perPage = Math.min(PER_PAGE, Math.max(MIN_PAGE, 2 * waiting));
      const maxPages = Math.ceil(waiting / perPage) + 1;
      let wantedSeen = 0;
      for (let page = 1; page <= maxPages && wantedSeen < wantedIds.size && !closed; page++) {
        await keepLease(account);
        const result = await api.listDocuments({ page, perPage });
        for (const doc of result.documents) {
          if (seen.has(doc.id)) continue;
          seen.set(doc.id, doc);
          if (wantedIds.has(doc.id)) wantedSeen++;
        }
        const totalPages = result.page?.total_pages;
        if (result.documents.length === 0 || result.page === null || (totalPages !== undefined && page >= totalPages)) break;
      }
    }
    const notFound = new Set<string>();
    const missing = due.filter((d) => !seen.has(d.documentId)).slice(0, MAX_LOOKUPS);
    for (const d of missing) {
      if (closed) break;
      await keepLease(account);
      try {
        seen.set(d.documentId, await api.getDocument(d.documentId));
      } catch (error) {
        if (isApiError(error) && error.kind === 'permanent' && error.status === 404) {
          notFound.add(d.documentId);
          continue;
        }
        throw error;
      }
    }

    // Waiting documents the list showed that were not due yet: their outcome is free.
    const extra = await waitingByIds(opts.db, account.accountKey, [...seen.keys()].filter((id) => !wantedIds.has(id)));
    const at = now();
    let stored = 0;
    const observations: TimingObservation[] = [];
    const dueRefs = new Set(due.map((d) => d.referenceCode));
    // The verdicts first, all in one transaction, and the tills' long-polls woken at once (the outcome has the feed to
    // cross still); then what is still pending gets its next look.
    const finals: Array<{ d: WaitingDocument; read: RemoteDocument | 'not_found' }> = [];
    const pendings: Array<{ d: WaitingDocument; status: string }> = [];
    for (const d of [...due, ...extra]) {
      const read = notFound.has(d.documentId) ? 'not_found' as const : seen.get(d.documentId);
      if (read === undefined) continue;
      const pending = read !== 'not_found' && classifyStatus(read.status) === 'pending';
      // Not due yet and still pending: its own schedule stands (and it teaches nothing about the first look).
      if (pending && !dueRefs.has(d.referenceCode)) continue;
      if (pending) pendings.push({ d, status: read.status });
      else finals.push({ d, read });
    }
    if (finals.length > 0) {
      stored = await opts.db.transaction(async (tx) => {
        let n = 0;
        for (const { d, read } of finals) if (await storeOutcome(tx, d.referenceCode, read, at)) n++;
        return n;
      });
      if (stored > 0) opts.changed();
    }
    for (const { d, read } of finals) {
      const seenPendingAt = pendingSeenAt.get(d.referenceCode);
      pendingSeenAt.delete(d.referenceCode);
      // What a verdict teaches about the service's timing (not one a webhook prompted: its look waited for the event).
      if (!hookedNow && !d.prompt && read !== 'not_found') {
        observations.push({
          lowerMs: seenPendingAt === undefined ? 0 : Math.max(0, seenPendingAt - d.queuedAt), upperMs: Math.max(0, at - d.queuedAt), atFirstLook: d.looks === 0,
        });
      }
    }
    for (const { d, status } of pendings) {
      if (pendingSeenAt.size >= MAX_PENDING_SEEN) pendingSeenAt.clear();
      pendingSeenAt.set(d.referenceCode, at);
      await notePending(opts.db, d.referenceCode, status, at + followUpMs(Math.max(0, at - d.queuedAt), d.looks));
    }
    // Due documents neither the list nor a look-up answered this turn (more than MAX_LOOKUPS): soon again.
    const unanswered = due.filter((d) => !seen.has(d.documentId) && !notFound.has(d.documentId)).map((d) => d.referenceCode);
    await postpone(opts.db, unanswered, at + FOLLOW_UP_MS);
    // One turn is one trial of the timing, however many documents it answered (as one poll of the till's).
    timing = learnFromPoll(timing, observations, 'proven');
    if (observations.length > 0) {
      timingDirty = true;
      if (now() - timingSavedAt >= TIMING_SAVE_EVERY_MS) await saveTiming();
    }
    // Documents still pending: the next turn when the first of them is due.
    const next = await nextDueAt(opts.db, account.accountKey, timing.firstLookMs);
    if (next !== null) soonest = Math.min(soonest ?? Number.POSITIVE_INFINITY, next);
  }

  /** The next look at a document still pending at `ageMs` after `looks` looks. */
  function followUpMs(ageMs: number, looks: number): number {
    if (hookedNow) return Math.min(FOLLOW_UP_MAX_MS, followUpBase * 2 ** Math.min(looks, 10));
    const { firstLookMs, settleMs } = timing;
    const overdue = ageMs - settleMs;
    const longest = Math.max(EXPECTED_STEP_MAX_MS, firstLookMs / 10);
    // Whole milliseconds: the times are stored as integers.
    if (overdue <= 0) return Math.round(Math.min(longest, Math.max(EXPECTED_STEP_MS, (settleMs - firstLookMs) / 8)));
    return Math.round(Math.min(FOLLOW_UP_MAX_MS, Math.max(EXPECTED_STEP_MS, overdue / 2)));
  }

  schedule(0);
  return {
    heard(documentId) {
      if (closed || documentId.length === 0 || documentId.length > 100) return;
      heardAt = now();
      noteHeard(opts.db, documentId, now())
        .then((watched) => { if (watched) schedule(0); })
        .catch((error: unknown) => log(`confirmaciones: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`));
    },
    wake() {
      schedule(0);
    },
    leading: () => isLeader,
    turn: () => runTurn(),
    requests: () => sent,
    reads: () => reads,
    timing: () => timing,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
      await dropClient();
      if (isLeader) await saveTiming();
      if (isLeader) await releaseLeadership(opts.db, holder).catch(() => {});
      isLeader = false;
    },
  };
}

/** For Tienda: per till, its documents waiting and its last watch; the shop's requests in the last 60 s and the limit. */
export function readConfirmationFigures(db: Database, now: number = Date.now()): Promise<ConfirmationFigures> {
  return confirmationFigures(db, now);
}

/** A till that has not watched for this long is taken to confirm by itself (the server away for it, or an old till). */
export const WATCH_FRESH_MS = 2 * 60_000;

/**
 * The contract's `ShopInvoicingStatus` for Tienda and the status bars, from `readConfirmationFigures`; the webhooks
 * part gives its own counters. A till confirms by itself unless its last watch, within WATCH_FRESH_MS, was answered
 * `confirming`.
 */
export async function readShopInvoicingStatus(
  db: Database, now: number = Date.now(), webhooks: ShopInvoicingStatus['webhooks'] = { configured: false, received: 0, lastAt: null },
): Promise<ShopInvoicingStatus> {
  const figures = await confirmationFigures(db, now);
  return {
    credentials: figures.credentials,
    requestsLastMinute: figures.requestsLastMinute,
    limit: figures.limit,
    tills: figures.tills.map((t) => ({
      tillId: t.tillId, number: t.number, name: t.name.slice(0, 80), waiting: t.waiting, lastWatchAt: t.lastWatchAt,
      confirmsItself: !(t.confirming && t.lastWatchAt !== null && now - t.lastWatchAt <= WATCH_FRESH_MS),
    })),
    webhooks,
  };
}
