/**
 * The shop's confirmations in the database (issue 28): the service's account the server confirms with (its address,
 * client id, account key and state; the secret is in the server machine's keychain, never here), the documents the
 * tills wait on (`service_watch`), which process confirms for an account now (`confirm_leader`, a lease with an
 * expiry), and ids heard of (webhooks) before a till watched them (`service_heard`).
 *
 * A document's outcome goes into the change feed with the shop-wide `seq` (drawn under the feed lock like master
 * data), to the till that watched it only (changes.ts).
 */
import type { ConfirmRefusal, WatchedDocument } from '../../shared/shop/confirmations';
import { CONFIRM_LIMITS, documentOutcomeSchema } from '../../shared/shop/contract';
import type { RemoteDocument } from '../../shared/api/document';
import { storedTiming, type ConfirmTiming } from '../../shared/api/confirm-timing';
import type { Queryable } from '../db/adapter';
import { nextSeq, takeFeedLock } from './master-data';

export interface ServiceAccount {
  serviceUrl: string;
  clientId: string;
  accountKey: string;
  state: 'set' | 'refused';
  refusedAt: number | null;
  version: number;
  updatedAt: number;
}

interface AccountRow {
  service_url: string; client_id: string; account_key: string; state: 'set' | 'refused'; refused_at: number | null; version: number; updated_at: number;
}

export async function readServiceAccount(db: Queryable): Promise<ServiceAccount | null> {
  const row = (await db.query<AccountRow>(
    'SELECT service_url, client_id, account_key, state, refused_at, version, updated_at FROM service_account',
  )).rows[0];
  if (!row) return null;
  return {
    serviceUrl: row.service_url, clientId: row.client_id, accountKey: row.account_key, state: row.state,
    refusedAt: row.refused_at === null ? null : Number(row.refused_at), version: Number(row.version), updatedAt: Number(row.updated_at),
  };
}

/** The owner set (or set again) the credentials: state 'set', a new version (every process reads the secret again). */
export async function setServiceAccount(db: Queryable, serviceUrl: string, clientId: string, accountKey: string, now: number): Promise<ServiceAccount> {
  await db.query(
    `INSERT INTO service_account (singleton, service_url, client_id, account_key, state, refused_at, version, updated_at)
     VALUES (TRUE, $1, $2, $3, 'set', NULL, nextval('service_account_version'), $4)
     ON CONFLICT (singleton) DO UPDATE SET service_url = EXCLUDED.service_url, client_id = EXCLUDED.client_id,
       account_key = EXCLUDED.account_key, state = 'set', refused_at = NULL, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`,
    [serviceUrl, clientId, accountKey, now],
  );
  return (await readServiceAccount(db))!;
}

export async function clearServiceAccount(db: Queryable): Promise<ServiceAccount | null> {
  const before = await readServiceAccount(db);
  await db.query('DELETE FROM service_account');
  if (before) await db.query('DELETE FROM confirm_leader WHERE account_key = $1', [before.accountKey]);
  return before;
}

/** The service answered 401 to these credentials (this version only: credentials set again since are not touched). */
export async function refuseServiceAccount(db: Queryable, version: number, now: number): Promise<boolean> {
  const { rows } = await db.query<{ version: number }>(
    `UPDATE service_account SET state = 'refused', refused_at = $2, updated_at = $2 WHERE version = $1 AND state = 'set' RETURNING version`,
    [version, now],
  );
  return rows.length > 0;
}

/** Whether the server confirms for a till on `account`, and if not why (the watch route's answer). */
export function confirmVerdict(account: ServiceAccount | null, tillAccount: string): { confirming: boolean; reason: ConfirmRefusal | null } {
  if (!account) return { confirming: false, reason: 'no_credentials' };
  if (account.accountKey !== tillAccount) return { confirming: false, reason: 'other_account' };
  if (account.state !== 'set') return { confirming: false, reason: 'service_refused' };
  return { confirming: true, reason: null };
}

// ---- Watched documents -----------------------------------------------------------------------------------------

/** References among `codes` watched by another till than `tillId` (the whole watch is refused then). */
export async function referencesOfOtherTills(db: Queryable, tillId: string, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const { rows } = await db.query<{ reference_code: string }>(
    'SELECT reference_code FROM service_watch WHERE reference_code = ANY($1::text[]) AND till_id <> $2 ORDER BY reference_code', [codes, tillId]);
  return rows.map((r) => r.reference_code);
}

/**
 * Stores a till's watch: its documents (idempotent by reference code: a document already known keeps its looks and
 * outcome; a new document id for a reference not final yet replaces the old one), its settled references (no longer
 * looked at), and the till's last watch. A document whose id was heard of before (a webhook) is looked at at once.
 * Returns how many of this till's documents the server watches now.
 */
export async function storeWatch(
  tx: Queryable, tillId: string, account: string, documents: readonly WatchedDocument[], settled: readonly string[], confirming: boolean, now: number,
): Promise<number> {
  if (documents.length > 0) {
    await tx.query(
      `INSERT INTO service_watch (reference_code, till_id, account_key, document_id, queued_at, watched_at, next_look_at, prompt)
       SELECT d.reference_code, $2, $3, d.document_id, d.queued_at, $4, d.queued_at,
              EXISTS (SELECT 1 FROM service_heard h WHERE h.document_id = d.document_id)
         FROM jsonb_to_recordset($1::jsonb) AS d(reference_code text, document_id text, queued_at bigint)
       ON CONFLICT (reference_code) DO UPDATE SET
         document_id = EXCLUDED.document_id, account_key = EXCLUDED.account_key, watched_at = EXCLUDED.watched_at,
         prompt = service_watch.prompt OR EXCLUDED.prompt,
         looks = CASE WHEN service_watch.document_id = EXCLUDED.document_id THEN service_watch.looks ELSE 0 END,
         queued_at = CASE WHEN service_watch.document_id = EXCLUDED.document_id THEN service_watch.queued_at ELSE EXCLUDED.queued_at END
       WHERE service_watch.till_id = EXCLUDED.till_id AND NOT service_watch.final`,
      [JSON.stringify(documents.map((d) => ({ reference_code: d.referenceCode, document_id: d.documentId, queued_at: d.queuedAt }))), tillId, account, now],
    );
    await tx.query(
      'DELETE FROM service_heard WHERE document_id = ANY($1::text[])', [documents.map((d) => d.documentId)]);
  }
  if (settled.length > 0) {
    await tx.query('UPDATE service_watch SET settled = TRUE WHERE till_id = $1 AND reference_code = ANY($2::text[])', [tillId, settled]);
  }
  await tx.query(
    `INSERT INTO service_watchers (till_id, account_key, last_watch_at, confirming) VALUES ($1, $2, $3, $4)
     ON CONFLICT (till_id) DO UPDATE SET account_key = EXCLUDED.account_key, last_watch_at = EXCLUDED.last_watch_at, confirming = EXCLUDED.confirming`,
    [tillId, account, now, confirming],
  );
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM service_watch WHERE till_id = $1 AND NOT final AND NOT settled', [tillId]);
  return Number(rows[0]!.n);
}

export interface WaitingDocument {
  referenceCode: string;
  documentId: string;
  queuedAt: number;
  looks: number;
  prompt: boolean;
}

interface WaitingRow { reference_code: string; document_id: string; queued_at: number; looks: number; prompt: boolean; next_look_at: number }

/**
 * The account's documents to look at by `at`: asked for at once (`prompt`), first looks `firstLookMs` after the
 * service accepted them, follow-ups at their own time. Oldest first, at most `limit`.
 */
export async function dueDocuments(db: Queryable, account: string, at: number, firstLookMs: number, limit: number): Promise<WaitingDocument[]> {
  const { rows } = await db.query<WaitingRow>(
    `SELECT reference_code, document_id, queued_at, looks, prompt, next_look_at FROM service_watch
      WHERE account_key = $1 AND NOT final AND NOT settled
        AND (prompt OR (CASE WHEN looks = 0 THEN queued_at + $2 ELSE next_look_at END) <= $3)
      ORDER BY queued_at LIMIT $4`,
    [account, firstLookMs, at, limit],
  );
  return rows.map(toWaiting);
}

/** When the account's next waiting document is due for a look (null: none waits). */
export async function nextDueAt(db: Queryable, account: string, firstLookMs: number): Promise<number | null> {
  const { rows } = await db.query<{ at: string | null }>(
    `SELECT min(CASE WHEN prompt THEN 0 WHEN looks = 0 THEN queued_at + $2 ELSE next_look_at END) AS at FROM service_watch
      WHERE account_key = $1 AND NOT final AND NOT settled`,
    [account, firstLookMs],
  );
  const at = rows[0]?.at;
  return at === null || at === undefined ? null : Number(at);
}

/** Every waiting document of the account (not final, not settled), by document id: what a page of the list may answer. */
export async function waitingCount(db: Queryable, account: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM service_watch WHERE account_key = $1 AND NOT final AND NOT settled', [account]);
  return Number(rows[0]!.n);
}

export async function waitingByIds(db: Queryable, account: string, ids: readonly string[]): Promise<WaitingDocument[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<WaitingRow>(
    `SELECT reference_code, document_id, queued_at, looks, prompt, next_look_at FROM service_watch
      WHERE account_key = $1 AND NOT final AND NOT settled AND document_id = ANY($2::text[])`, [account, ids]);
  return rows.map(toWaiting);
}

const toWaiting = (r: WaitingRow): WaitingDocument => ({
  referenceCode: r.reference_code, documentId: r.document_id, queuedAt: Number(r.queued_at), looks: Number(r.looks), prompt: r.prompt,
});

/** Still pending at the service: looked at again at `nextLookAt`. */
export async function notePending(db: Queryable, referenceCode: string, status: string, nextLookAt: number): Promise<void> {
  await db.query(
    `UPDATE service_watch SET looks = looks + 1, prompt = FALSE, status = $2, next_look_at = $3 WHERE reference_code = $1 AND NOT final`,
    [referenceCode, status.slice(0, 40), nextLookAt]);
}

/** A failed look (the service away, a 429): the documents wait until `nextLookAt` (their looks are not counted). */
export async function postpone(db: Queryable, referenceCodes: readonly string[], nextLookAt: number): Promise<void> {
  if (referenceCodes.length === 0) return;
  await db.query(
    `UPDATE service_watch SET prompt = FALSE, next_look_at = $2, looks = greatest(looks, 1) WHERE reference_code = ANY($1::text[]) AND NOT final`,
    [referenceCodes, nextLookAt]);
}

/** The status word a 404 is recorded with: the service does not know this document on this account. */
export const NOT_FOUND_STATUS = 'NOT_FOUND';

/**
 * A document's final outcome, from a GET: into the feed (a new seq, the feed lock held) for its till. Final is
 * final: an outcome already stored is never replaced (a VALIDATED is never downgraded by a later read). Returns
 * whether it was stored.
 */
export async function storeOutcome(tx: Queryable, referenceCode: string, read: RemoteDocument | 'not_found', now: number): Promise<boolean> {
  await takeFeedLock(tx);
  const row = (await tx.query<{ document_id: string; final: boolean }>(
    'SELECT document_id, final FROM service_watch WHERE reference_code = $1 FOR UPDATE', [referenceCode])).rows[0];
  if (!row || row.final) return false;
  const status = read === 'not_found' ? NOT_FOUND_STATUS : read.status.slice(0, 40);
  const document = read === 'not_found' ? {} : boundedDocument(read);
  const data = { referenceCode, documentId: row.document_id, status, document, seenAt: now };
  if (!documentOutcomeSchema.safeParse({ ...data, version: 1 }).success) return false;
  const seq = await nextSeq(tx);
  await tx.query(
    `UPDATE service_watch SET final = TRUE, prompt = FALSE, status = $2, outcome = $3::jsonb, seen_at = $4, seq = $5, version = version + 1, looks = looks + 1
      WHERE reference_code = $1`,
    [referenceCode, status, JSON.stringify(data), now, seq]);
  return true;
}

/** The document as the service sent it; when it is too long for the feed, its known fields (the QR image last to go). */
function boundedDocument(doc: RemoteDocument): Record<string, unknown> {
  const fits = (value: unknown) => JSON.stringify(value).length <= CONFIRM_LIMITS.documentJsonLength;
  if (fits(doc.raw)) return doc.raw;
  const known: Record<string, unknown> = {
    id: doc.id, status: doc.status, type: doc.type, reference_code: doc.reference_code, full_number: doc.full_number,
    cufe: doc.cufe, qr_url: doc.qr_url, errors: doc.errors,
  };
  const withImage = doc.qr_image !== null && doc.qr_image.length <= CONFIRM_LIMITS.qrImageLength ? { ...known, qr_image: doc.qr_image } : known;
  return fits(withImage) ? withImage : { id: doc.id, status: doc.status, full_number: doc.full_number, cufe: doc.cufe };
}

/**
 * Watches no longer needed: settled by their till a day ago, or final for 30 days (a till away that long polls the
 * service itself when it is back; its feed cursor may then skip the outcome, which it does not need any more).
 */
export async function pruneWatches(db: Queryable, now: number): Promise<void> {
  await db.query(
    'DELETE FROM service_watch WHERE (settled AND watched_at < $1) OR (final AND seen_at < $2)', [now - 86_400_000, now - 30 * 86_400_000]);
  await db.query('DELETE FROM service_heard WHERE heard_at < $1', [now - HEARD_KEEP_MS]);
}

// ---- Heard ids (webhooks) ----------------------------------------------------------------------------------------

/** How long an id heard of before any till watched it is remembered. */
export const HEARD_KEEP_MS = 5 * 60_000;

/**
 * A document id heard of (a webhook): if watched and waiting, it is looked at at the next turn; else remembered for a
 * few minutes, so a watch naming it is looked at at once. Returns whether a watched document was marked.
 */
export async function noteHeard(db: Queryable, documentId: string, now: number): Promise<boolean> {
  const marked = await db.query<{ reference_code: string }>(
    'UPDATE service_watch SET prompt = TRUE WHERE document_id = $1 AND NOT final AND NOT settled RETURNING reference_code', [documentId]);
  if (marked.rows.length > 0) return true;
  await db.query(
    `INSERT INTO service_heard (document_id, heard_at) VALUES ($1, $2) ON CONFLICT (document_id) DO UPDATE SET heard_at = EXCLUDED.heard_at`,
    [documentId, now]);
  await db.query('DELETE FROM service_heard WHERE heard_at < $1', [now - HEARD_KEEP_MS]);
  return false;
}

// ---- The confirming process --------------------------------------------------------------------------------------

/**
 * Takes or renews the lease on confirming for `account`: granted when nobody holds it, this holder does, or the
 * holder's lease lapsed (its process stopped or was killed). Returns whether `holder` confirms now.
 */
export async function takeLeadership(db: Queryable, account: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query<{ holder: string }>(
    `INSERT INTO confirm_leader (account_key, holder, expires_at, since) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_key) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
       since = CASE WHEN confirm_leader.holder = EXCLUDED.holder THEN confirm_leader.since ELSE EXCLUDED.since END
     WHERE confirm_leader.holder = EXCLUDED.holder OR confirm_leader.expires_at < $4
     RETURNING holder`,
    [account, holder, now + leaseMs, now],
  );
  return rows.length > 0;
}

export async function releaseLeadership(db: Queryable, holder: string): Promise<void> {
  await db.query('DELETE FROM confirm_leader WHERE holder = $1', [holder]);
}

export async function readLeader(db: Queryable, account: string): Promise<{ holder: string; expiresAt: number; since: number } | null> {
  const row = (await db.query<{ holder: string; expires_at: number; since: number }>(
    'SELECT holder, expires_at, since FROM confirm_leader WHERE account_key = $1', [account])).rows[0];
  return row ? { holder: row.holder, expiresAt: Number(row.expires_at), since: Number(row.since) } : null;
}

// ---- The learned timing ------------------------------------------------------------------------------------------

/**
 * The service's timing as the confirming process last learned it for `account` (when to look first, by when verdicts
 * normally come), so that a restarted server or a process taking over confirms at the learned pace at once instead of
 * from the 1 s / 10 s default. Null when none is stored or the row is not one the learner could have made.
 */
export async function readConfirmTiming(db: Queryable, account: string): Promise<ConfirmTiming | null> {
  const row = (await db.query<{ first_look_ms: number; settle_ms: number; samples: number }>(
    'SELECT first_look_ms, settle_ms, samples FROM confirm_timing WHERE account_key = $1', [account])).rows[0];
  return row ? storedTiming({ firstLookMs: Number(row.first_look_ms), settleMs: Number(row.settle_ms), samples: Number(row.samples) }) : null;
}

export async function saveConfirmTiming(db: Queryable, account: string, timing: ConfirmTiming, now: number): Promise<void> {
  await db.query(
    `INSERT INTO confirm_timing (account_key, first_look_ms, settle_ms, samples, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_key) DO UPDATE SET first_look_ms = EXCLUDED.first_look_ms, settle_ms = EXCLUDED.settle_ms,
       samples = EXCLUDED.samples, updated_at = EXCLUDED.updated_at`,
    [account, Math.round(timing.firstLookMs), Math.round(timing.settleMs), Math.min(timing.samples, 1_000_000_000), now]);
}

// ---- For Tienda --------------------------------------------------------------------------------------------------

export interface ConfirmationFigures {
  credentials: 'none' | 'set' | 'refused';
  /** Requests to the service on the server's account in the last 60 s (permits used or held, every till and the server). */
  requestsLastMinute: number;
  limit: number;
  tills: Array<{ tillId: string; number: number; name: string; waiting: number; lastWatchAt: number | null; confirming: boolean }>;
}

/**
 * Per till: its documents waiting for the service's verdict and its last watch (and whether the server answered
 * that it confirms them); the shop's requests in the last minute against the limit, from the rate leases.
 */
export async function confirmationFigures(db: Queryable, now: number): Promise<ConfirmationFigures> {
  const account = await readServiceAccount(db);
  const tills = (await db.query<{ id: string; number: number; name: string; waiting: number; last_watch_at: number | null; confirming: boolean | null }>(
    `SELECT t.id, t.number, t.name,
            (SELECT count(*)::int FROM service_watch w WHERE w.till_id = t.id AND NOT w.final AND NOT w.settled) AS waiting,
            s.last_watch_at, s.confirming
       FROM tills t LEFT JOIN service_watchers s ON s.till_id = t.id
      WHERE NOT t.revoked ORDER BY t.number`,
  )).rows.map((r) => ({
    tillId: r.id, number: Number(r.number), name: r.name, waiting: Number(r.waiting),
    lastWatchAt: r.last_watch_at === null ? null : Number(r.last_watch_at), confirming: r.confirming === true,
  }));
  // The server's account, or without one the account the tills last took permits for (the shop's one budget).
  const key = account?.accountKey
    ?? (await db.query<{ account_key: string }>('SELECT account_key FROM rate_leases ORDER BY granted_at DESC LIMIT 1')).rows[0]?.account_key
    ?? null;
  const { requestsLastMinute, limit } = key === null ? { requestsLastMinute: 0, limit: 0 } : await accountRequests(db, key, now);
  return { credentials: account ? account.state : 'none', requestsLastMinute, limit, tills };
}

/** Requests on an account in the last 60 s (permits used, or granted and not given back yet: every till's and the server's) and its limit. */
export async function accountRequests(db: Queryable, accountKey: string, now: number): Promise<{ requestsLastMinute: number; limit: number }> {
  const used = (await db.query<{ n: number }>(
    'SELECT coalesce(sum(coalesce(used, granted)), 0)::int AS n FROM rate_leases WHERE account_key = $1 AND granted_at > $2',
    [accountKey, now - 60_000])).rows[0];
  const budget = (await db.query<{ rate_limit: number }>('SELECT rate_limit FROM rate_budgets WHERE account_key = $1', [accountKey])).rows[0];
  return { requestsLastMinute: Number(used?.n ?? 0), limit: budget ? Number(budget.rate_limit) : 0 };
}
