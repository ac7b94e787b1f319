/**
 * The print queue: a printer is another outbox. A job is written with what it prints (a sale's fiscal receipt, its
 * provisional slip, a copy, a drawer pulse, a test page, a shift's X or Z report, a Z copy from the shop server) and stays 'waiting' until the printer took all its bytes;
 * only then is it 'printed'. A failed try only moves its next attempt later, so nothing is ever lost.
 */
import type Database from 'better-sqlite3';

export const PRINT_JOB_KINDS = ['fiscal', 'provisional', 'copy', 'drawer', 'test', 'x-report', 'z-report', 'z-copy', 'shop-copy'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];
export type PrintJobState = 'waiting' | 'printed' | 'dropped';

export interface PrintJobRecord {
  id: number;
  kind: PrintJobKind;
  saleId: number | null;
  /** The shift of an X or Z report. */
  shiftId: number | null;
  state: PrintJobState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
  doneAt: number | null;
  /** When every byte of a try left for the printer without its confirmation: the job may be on paper already. */
  bytesLeftAt: number | null;
  /** A Z copy of a shift, or a sale copy, this till does not hold: as the shop server answered it (JSON), else null. */
  report: string | null;
}

export interface PrintQueue {
  /**
   * Adds a job. With `onceKey` ("fiscal:12") the job can exist only once: a second enqueue returns null and adds
   * nothing, whatever state the first is in.
   */
  enqueuePrintJob(job: { kind: PrintJobKind; saleId?: number | null; shiftId?: number | null; onceKey?: string; report?: string }): PrintJobRecord | null;
  /** The fiscal receipt of every sale validated at or after `since` that has none yet; returns how many were added. */
  enqueueFiscalReceiptsSince(since: number): number;
  /**
   * The first waiting job (due or not): a sale's fiscal receipt in the order the sales were charged (not the order
   * they validated), everything else in the order it was asked for.
   */
  headPrintJob(): PrintJobRecord | null;
  getPrintJob(id: number): PrintJobRecord | null;
  markPrintJobPrinted(id: number): void;
  /** Every byte of this try left for the printer; kept until the job is done, so its next print is a reprint. */
  markPrintJobBytesLeft(id: number): void;
  markPrintJobFailed(id: number, nextAttemptAt: number, message: string): void;
  dropPrintJob(id: number, reason: string): void;
  /** Waiting jobs, and how many of them are receipts (fiscal, provisional, copy) rather than pulses or test pages. */
  waitingPrintJobs(): { jobs: number; receipts: number };
  printJobsOfSale(saleId: number): PrintJobRecord[];
}

interface Row {
  id: number; kind: PrintJobKind; sale_id: number | null; shift_id: number | null; state: PrintJobState; attempts: number; next_attempt_at: number;
  last_error: string | null; created_at: number; done_at: number | null; bytes_left_at: number | null; report: string | null;
}

const toRecord = (r: Row): PrintJobRecord => ({
  id: r.id, kind: r.kind, saleId: r.sale_id, shiftId: r.shift_id, state: r.state, attempts: r.attempts, nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error, createdAt: r.created_at, doneAt: r.done_at, bytesLeftAt: r.bytes_left_at, report: r.report,
});

/** See enqueueFiscalReceiptsSince; far less than RETENTION.printJobsMs, so a pruned job is never looked for again. */
const FISCAL_MARK_SLACK_MS = 10 * 60 * 1000;

/** The printer's own words can be long or odd; the queue keeps a short, single line. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').slice(0, 300);

export function printQueueTable(db: Database.Database, now: () => number): PrintQueue {
  const insert = db.prepare(`INSERT INTO print_jobs (kind, sale_id, shift_id, once_key, report, next_attempt_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (once_key) DO NOTHING RETURNING *`);
  const fiscalSince = db.prepare(`INSERT INTO print_jobs (kind, sale_id, once_key, next_attempt_at, created_at)
    SELECT 'fiscal', o.sale_id, 'fiscal:' || o.sale_id, @now, @now FROM outbox o
    WHERE o.state = 'validated' AND o.validated_at >= @since ORDER BY o.validated_at, o.id
    ON CONFLICT (once_key) DO NOTHING`);
  // How far catch-up has looked (validated_at), so each validation reads only what is new since, however old `since` is.
  const markKey = 'printer.fiscal_checked_through';
  const readMark = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const writeMark = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const newestValidated = db.prepare<[], { at: number | null }>(`SELECT max(validated_at) AS at FROM outbox WHERE state = 'validated'`);
  // Sales validate in any order (a retry, a slow answer): a fiscal receipt takes its place by its sale's charge
  // (time, then the sale's number), never later than when it was queued (a sale's clock ahead of the till's). The
  // waiting jobs are few (LIMITS.maxWaitingPrintJobs), so the sort is cheap.
  const head = db.prepare(`SELECT j.* FROM print_jobs j LEFT JOIN sales s ON j.kind = 'fiscal' AND s.id = j.sale_id
    WHERE j.state = 'waiting' ORDER BY min(coalesce(s.created_at, j.created_at), j.created_at), s.id IS NULL, s.id, j.id LIMIT 1`);
  const byId = db.prepare(`SELECT * FROM print_jobs WHERE id = ?`);
  const printed = db.prepare(`UPDATE print_jobs SET state = 'printed', attempts = attempts + 1, last_error = NULL, done_at = ? WHERE id = ? AND state = 'waiting'`);
  const bytesLeft = db.prepare(`UPDATE print_jobs SET bytes_left_at = coalesce(bytes_left_at, ?) WHERE id = ? AND state = 'waiting'`);
  const failed = db.prepare(`UPDATE print_jobs SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ? AND state = 'waiting'`);
  const dropped = db.prepare(`UPDATE print_jobs SET state = 'dropped', last_error = ?, done_at = ? WHERE id = ? AND state = 'waiting'`);
  const waiting = db.prepare(`SELECT count(*) AS jobs, coalesce(sum(kind IN ('fiscal','provisional','copy','shop-copy')), 0) AS receipts
    FROM print_jobs WHERE state = 'waiting'`);
  const ofSale = db.prepare(`SELECT * FROM print_jobs WHERE sale_id = ? ORDER BY id`);

  return {
    enqueuePrintJob({ kind, saleId = null, shiftId = null, onceKey, report }) {
      const t = now();
      const row = insert.get(kind, saleId, shiftId, onceKey ?? null, report ?? null, t, t) as Row | undefined;
      return row ? toRecord(row) : null;
    },
    enqueueFiscalReceiptsSince(since) {
      return db.transaction(() => {
        const mark = Number(readMark.get(markKey)?.value ?? 0);
        // A little way back from the mark: a clock set back a few seconds must not skip a receipt.
        const from = Number.isSafeInteger(mark) && mark > since ? Math.max(since, mark - FISCAL_MARK_SLACK_MS) : since;
        const added = fiscalSince.run({ now: now(), since: from }).changes;
        const newest = newestValidated.get()?.at ?? null;
        if (newest !== null && newest > mark) writeMark.run(markKey, String(newest));
        return added;
      }).immediate();
    },
    headPrintJob() {
      const row = head.get() as Row | undefined;
      return row ? toRecord(row) : null;
    },
    getPrintJob(id) {
      const row = byId.get(id) as Row | undefined;
      return row ? toRecord(row) : null;
    },
    markPrintJobPrinted(id) {
      printed.run(now(), id);
    },
    markPrintJobBytesLeft(id) {
      bytesLeft.run(now(), id);
    },
    markPrintJobFailed(id, nextAttemptAt, message) {
      failed.run(nextAttemptAt, oneLine(message), id);
    },
    dropPrintJob(id, reason) {
      dropped.run(oneLine(reason), now(), id);
    },
    waitingPrintJobs() {
      const row = waiting.get() as { jobs: number; receipts: number };
      return { jobs: row.jobs, receipts: row.receipts };
    },
    printJobsOfSale(saleId) {
      return (ofSale.all(saleId) as Row[]).map(toRecord);
    },
  };
}
