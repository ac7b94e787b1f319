import type Database from 'better-sqlite3';
import { classifyStatus, type RemoteDocument } from '../../../shared/api/document';
import { StoreError } from './errors';

export const OUTBOX_STATES = ['waiting', 'sending', 'queued', 'validated', 'needs_attention'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** How a correction closed a sale (`outbox.closed`, migration 16); its state then stays `needs_attention`. */
export type ClosedAs = 'voided' | 'replaced';
export type AttemptOutcome = 'queued' | 'validated' | 'transient' | 'permanent' | 'ambiguous';

export interface OutboxEntry {
  id: number;
  saleId: number;
  referenceCode: string;
  state: OutboxState;
  /** The exact JSON bytes sent to the service; identical on every attempt. */
  requestBody: string;
  numberingRangeId: string | null;
  /** The invoicing service this sale belongs to ('' for sales recorded before services were told apart). */
  service: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  remoteId: string | null;
  remoteStatus: string | null;
  fullNumber: string | null;
  cufe: string | null;
  qrUrl: string | null;
  qrImage: string | null;
  remoteRaw: Record<string, unknown> | null;
  createdAt: number;
  updatedAt: number;
  validatedAt: number | null;
}

export interface Attempt {
  id: number;
  entryId: number;
  startedAt: number;
  finishedAt: number;
  outcome: AttemptOutcome;
  httpStatus: number | null;
  message: string | null;
  /** False only when the request provably never reached the service (refused before sending, or a definite 4xx). */
  mayHaveReached: boolean;
}

export interface AttemptInput {
  startedAt: number;
  finishedAt: number;
  outcome: AttemptOutcome;
  httpStatus?: number | null;
  message?: string | null;
  /** Whether the request may have reached the service; unsaid, only a 4xx answer counts as a refusal. */
  mayHaveReached?: boolean;
}

/** What an attempt says about the service, when the caller did not say: anything not provably refused may be stored. */
export function attemptMayHaveReached(attempt: AttemptInput): boolean {
  if (attempt.outcome === 'queued' || attempt.outcome === 'validated' || attempt.outcome === 'ambiguous') return true;
  if (attempt.mayHaveReached !== undefined) return attempt.mayHaveReached;
  const status = attempt.httpStatus ?? null;
  return !(status !== null && status >= 400 && status <= 499);
}

interface EntryRow {
  id: number; sale_id: number; reference_code: string; state: OutboxState; request_body: string;
  numbering_range_id: string | null; service: string; attempts: number; next_attempt_at: number; last_error: string | null;
  remote_id: string | null; remote_status: string | null; full_number: string | null; cufe: string | null;
  qr_url: string | null; qr_image: string | null; remote_raw: string | null; created_at: number;
  updated_at: number; validated_at: number | null;
}

interface AttemptRow {
  id: number; entry_id: number; started_at: number; finished_at: number; outcome: AttemptOutcome;
  http_status: number | null; message: string | null; may_have_reached: 0 | 1;
}

export const ENTRY_COLUMNS = `o.id, o.sale_id, s.reference_code, o.state, o.request_body, o.numbering_range_id, o.service, o.attempts,
  o.next_attempt_at, o.last_error, o.remote_id, o.remote_status, o.full_number, o.cufe, o.qr_url, o.qr_image,
  o.remote_raw, o.created_at, o.updated_at, o.validated_at`;

export function toEntry(row: EntryRow): OutboxEntry {
  return {
    id: row.id, saleId: row.sale_id, referenceCode: row.reference_code, state: row.state,
    requestBody: row.request_body, numberingRangeId: row.numbering_range_id, service: row.service, attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at, lastError: row.last_error, remoteId: row.remote_id,
    remoteStatus: row.remote_status, fullNumber: row.full_number, cufe: row.cufe, qrUrl: row.qr_url,
    qrImage: row.qr_image, remoteRaw: row.remote_raw === null ? null : (JSON.parse(row.remote_raw) as Record<string, unknown>),
    createdAt: row.created_at, updatedAt: row.updated_at, validatedAt: row.validated_at,
  };
}

/** The document as reported, minus the QR image, which has its own column and can be large. */
function rawWithoutImage(doc: RemoteDocument): string {
  const { qr_image: _image, ...rest } = doc.raw;
  return JSON.stringify(rest);
}

export interface Outbox {
  getEntry(entryId: number): OutboxEntry | null;
  /** The sale's entry by its reference code (issue 28: an outcome the shop server relays names the sale so). */
  entryByReference(referenceCode: string): OutboxEntry | null;
  /** With `service`, only that service's sales (and legacy ones without a service) are claimed. */
  claimNext(limit: number, service?: string): OutboxEntry[];
  recoverInterrupted(): number;
  recordAttempt(entryId: number, attempt: AttemptInput): Attempt;
  listAttempts(entryId: number): Attempt[];
  markQueued(entryId: number, doc: RemoteDocument): OutboxEntry;
  markValidated(entryId: number, doc: RemoteDocument): OutboxEntry;
  markNeedsAttention(entryId: number, message: string, doc?: RemoteDocument): OutboxEntry;
  markRemoteStatus(entryId: number, doc: RemoteDocument): OutboxEntry;
  scheduleRetry(entryId: number, nextAttemptAt: number, message: string): OutboxEntry;
  /** With `service`, a sale recorded for another service is refused: it must not become an invoice there. */
  retryNeedsAttention(entryId: number, service?: string): OutboxEntry;
  listAwaitingValidation(service?: string): OutboxEntry[];
  counts(): Record<OutboxState, number>;
  /** Sales still on their way (waiting, sending, queued) per service: each needs that service's engine. */
  outstandingByService(): Map<string, number>;
  /** Sales in each state per service (the status bar's line for a service not in use, a secret still needed). */
  countsByService(): Map<string, Record<OutboxState, number>>;
  /** Sales recorded before services were told apart ('') and not settled become `service`'s; returns how many. */
  adoptUnassigned(service: string): number;
  /** Sales never sent (no attempt, no document) move from one service to another; returns how many. */
  moveUnsent(from: string, to: string): number;
}

export function outboxTable(db: Database.Database, now: () => number): Outbox {
  const selectEntry = db.prepare<[number], EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox o JOIN sales s ON s.id = o.sale_id WHERE o.id = ?`,
  );
  const selectByReference = db.prepare<[string], EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox o JOIN sales s ON s.id = o.sale_id WHERE s.reference_code = ?`,
  );
  const claim = db.prepare<[number, number, string | null, string | null, number], { id: number }>(
    `UPDATE outbox SET state = 'sending', updated_at = ?
     WHERE id IN (SELECT id FROM outbox WHERE state = 'waiting' AND next_attempt_at <= ?
                    AND (? IS NULL OR service IN (?, '')) ORDER BY id LIMIT ?)
     RETURNING id`,
  );
  const unclaimAll = db.prepare<[number]>(`UPDATE outbox SET state = 'waiting', updated_at = ? WHERE state = 'sending'`);
  const insertAttempt = db.prepare<[number, number, number, string, number | null, string | null, 0 | 1], AttemptRow>(
    `INSERT INTO outbox_attempts (entry_id, started_at, finished_at, outcome, http_status, message, may_have_reached)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const countAttempt = db.prepare<[number, number]>('UPDATE outbox SET attempts = attempts + 1, updated_at = ? WHERE id = ?');
  const selectAttempts = db.prepare<[number], AttemptRow>('SELECT * FROM outbox_attempts WHERE entry_id = ? ORDER BY id');
  const setRemote = db.prepare<{
    id: number; state: OutboxState; last_error: string | null; keep_error: 0 | 1; remote_id: string; remote_status: string;
    full_number: string | null; cufe: string | null; qr_url: string | null; qr_image: string | null; remote_raw: string;
    now: number; validated: 0 | 1;
  }>(
    `UPDATE outbox SET state = @state,
       last_error = CASE WHEN @keep_error = 1 THEN last_error ELSE @last_error END,
       remote_id = @remote_id, remote_status = @remote_status,
       full_number = coalesce(@full_number, full_number), cufe = coalesce(@cufe, cufe),
       qr_url = coalesce(@qr_url, qr_url), qr_image = coalesce(@qr_image, qr_image),
       remote_raw = @remote_raw, updated_at = @now,
       validated_at = CASE WHEN @validated = 1 THEN coalesce(validated_at, @now) ELSE validated_at END
     WHERE id = @id`,
  );
  const setState = db.prepare<{ id: number; state: OutboxState; last_error: string | null; next_attempt_at: number; now: number }>(
    `UPDATE outbox SET state = @state, last_error = @last_error, next_attempt_at = @next_attempt_at, updated_at = @now
     WHERE id = @id`,
  );
  const selectByState = db.prepare<[OutboxState], EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox o JOIN sales s ON s.id = o.sale_id WHERE o.state = ? ORDER BY o.id`,
  );
  // Kept by triggers as rows change (migration 19): reading them never grows with the history.
  // A sale voided or replaced by a correction (migration 16) needs nobody's attention any more: it is not counted.
  const countByState = db.prepare<[], { state: OutboxState; n: number }>(
    'SELECT state, sum(n) AS n FROM outbox_counts WHERE closed = 0 GROUP BY state',
  );
  const OUTSTANDING = `state IN ('waiting', 'sending', 'queued')`;
  const countOutstanding = db.prepare<[], { service: string; n: number }>(
    `SELECT service, sum(n) AS n FROM outbox_counts WHERE ${OUTSTANDING} GROUP BY service HAVING sum(n) > 0`,
  );
  const countByServiceState = db.prepare<[], { service: string; state: OutboxState; n: number }>(
    'SELECT service, state, n FROM outbox_counts WHERE closed = 0 AND n > 0',
  );
  const moveNeverSent = db.prepare<[string, number, string]>(
    `UPDATE outbox SET service = ?, updated_at = ? WHERE service = ? AND state = 'waiting' AND attempts = 0 AND remote_id IS NULL`,
  );
  const selectClosed = db.prepare<[number], { closed: string | null }>('SELECT closed FROM outbox WHERE id = ?');
  const adopt = db.prepare<[string, number]>(`UPDATE outbox SET service = ?, updated_at = ? WHERE service = '' AND ${OUTSTANDING}`);

  function mustGet(entryId: number): OutboxEntry {
    const row = selectEntry.get(entryId);
    if (!row) throw new StoreError(`There is no outbox entry ${entryId}.`);
    return toEntry(row);
  }

  // A document with another id or reference would put someone else's CUFE on this sale's receipt.
  function checkSameDocument(entry: OutboxEntry, doc: RemoteDocument): void {
    if (entry.remoteId !== null && doc.id !== entry.remoteId) {
      throw new StoreError(`Sale ${entry.referenceCode} is document ${entry.remoteId}, not ${doc.id}.`);
    }
    if (doc.reference_code !== null && doc.reference_code !== entry.referenceCode) {
      throw new StoreError(`Document ${doc.id} is for reference ${doc.reference_code}, not ${entry.referenceCode}.`);
    }
  }

  /**
   * Runs one state change in a transaction. Validated is final: a late or stale report about a validated
   * sale is ignored rather than undoing it, because the poller and the sender may race.
   */
  function change(entryId: number, allowed: readonly OutboxState[], action: string, apply: (entry: OutboxEntry) => void): OutboxEntry {
    return db.transaction(() => {
      const entry = mustGet(entryId);
      if (entry.state === 'validated' && !allowed.includes('validated')) return entry;
      if (!allowed.includes(entry.state)) {
        throw new StoreError(`Cannot ${action} sale ${entry.referenceCode} while it is ${entry.state}.`);
      }
      apply(entry);
      return mustGet(entryId);
    }).immediate();
  }

  function writeRemote(entry: OutboxEntry, doc: RemoteDocument, state: OutboxState, lastError: string | null, keepError: boolean): void {
    checkSameDocument(entry, doc);
    setRemote.run({
      id: entry.id, state, last_error: lastError, keep_error: keepError ? 1 : 0, remote_id: doc.id, remote_status: doc.status,
      full_number: doc.full_number, cufe: doc.cufe, qr_url: doc.qr_url, qr_image: doc.qr_image,
      remote_raw: rawWithoutImage(doc), now: now(), validated: state === 'validated' ? 1 : 0,
    });
  }

  const notValidated: readonly OutboxState[] = ['waiting', 'sending', 'queued', 'needs_attention'];

  return {
    entryByReference(referenceCode) {
      const row = selectByReference.get(referenceCode);
      return row ? toEntry(row) : null;
    },

    getEntry(entryId) {
      const row = selectEntry.get(entryId);
      return row ? toEntry(row) : null;
    },

    claimNext(limit, service) {
      if (!Number.isInteger(limit) || limit < 1) return [];
      return db.transaction(() => {
        const at = now();
        const only = service ?? null;
        const ids = claim.all(at, at, only, only, limit).map((r) => r.id).sort((a, b) => a - b);
        return ids.map(mustGet);
      }).immediate();
    },

    recoverInterrupted() {
      return unclaimAll.run(now()).changes;
    },

    recordAttempt(entryId, attempt) {
      return db.transaction(() => {
        mustGet(entryId);
        const row = insertAttempt.get(
          entryId, attempt.startedAt, attempt.finishedAt, attempt.outcome, attempt.httpStatus ?? null, attempt.message ?? null,
          attemptMayHaveReached(attempt) ? 1 : 0,
        );
        countAttempt.run(now(), entryId);
        if (!row) throw new StoreError('The attempt was not recorded.');
        return toAttempt(row);
      }).immediate();
    },

    listAttempts(entryId) {
      return selectAttempts.all(entryId).map(toAttempt);
    },

    markQueued(entryId, doc) {
      return change(entryId, notValidated, 'mark as queued', (entry) => writeRemote(entry, doc, 'queued', null, false));
    },

    markValidated(entryId, doc) {
      if (classifyStatus(doc.status) !== 'validated') {
        throw new StoreError(`Document ${doc.id} has status ${doc.status}, which is not a validation.`);
      }
      return change(entryId, OUTBOX_STATES, 'mark as validated', (entry) => writeRemote(entry, doc, 'validated', null, false));
    },

    markNeedsAttention(entryId, message, doc) {
      return change(entryId, notValidated, 'flag for attention', (entry) => {
        if (doc) writeRemote(entry, doc, 'needs_attention', message, false);
        else setState.run({ id: entry.id, state: 'needs_attention', last_error: message, next_attempt_at: entry.nextAttemptAt, now: now() });
      });
    },

    markRemoteStatus(entryId, doc) {
      return change(entryId, notValidated, 'record the status of', (entry) => writeRemote(entry, doc, entry.state, null, true));
    },

    scheduleRetry(entryId, nextAttemptAt, message) {
      return change(entryId, ['waiting', 'sending', 'queued'], 'schedule a retry for', (entry) => {
        setState.run({ id: entry.id, state: 'waiting', last_error: message, next_attempt_at: nextAttemptAt, now: now() });
      });
    },

    retryNeedsAttention(entryId, service) {
      return change(entryId, ['needs_attention'], 'retry', (entry) => {
        if (selectClosed.get(entry.id)?.closed) {
          throw new StoreError(`Sale ${entry.referenceCode} was voided or replaced by a correction; it is never sent again.`);
        }
        if (service !== undefined && entry.service !== '' && entry.service !== service) {
          throw new StoreError(
            `Sale ${entry.referenceCode} was rung up for another invoicing service; it cannot be sent to the one in use now.`,
          );
        }
        const at = now();
        setState.run({ id: entry.id, state: 'waiting', last_error: entry.lastError, next_attempt_at: at, now: at });
      });
    },

    listAwaitingValidation(service) {
      const queued = selectByState.all('queued').map(toEntry);
      return service === undefined ? queued : queued.filter((e) => e.service === service || e.service === '');
    },

    counts() {
      const result = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>;
      for (const { state, n } of countByState.all()) result[state] = n;
      return result;
    },

    outstandingByService() {
      return new Map(countOutstanding.all().map((r) => [r.service, r.n]));
    },

    countsByService() {
      const result = new Map<string, Record<OutboxState, number>>();
      for (const { service, state, n } of countByServiceState.all()) {
        const counts = result.get(service) ?? (Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>);
        counts[state] = n;
        result.set(service, counts);
      }
      return result;
    },

    moveUnsent(from, to) {
      return moveNeverSent.run(to, now(), from).changes;
    },

    adoptUnassigned(service) {
      return adopt.run(service, now()).changes;
    },
  };
}

function toAttempt(row: AttemptRow): Attempt {
  return {
    id: row.id, entryId: row.entry_id, startedAt: row.started_at, finishedAt: row.finished_at,
    outcome: row.outcome, httpStatus: row.http_status, message: row.message, mayHaveReached: row.may_have_reached === 1,
  };
}
