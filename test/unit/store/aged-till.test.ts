/**
 * A till that lives for years (issue 18): the status counts kept by triggers from its migration on (seeded from an
 * older file, then kept through every kind of change), and the bounded retention of the request log and print jobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDocument } from '../../../shared/api/document';
import { migrate, migrations, openStore, OUTBOX_STATES, RETENTION, type Store } from '../../../electron/core/store';
import { sampleSale } from '../../support/sample-sale';

const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const COUNTS_MIGRATION = migrations.findIndex((m) => m.name.startsWith('a till that lives for years')) + 1;

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-aged-'));
  path = join(dir, 'pos.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What the counts must say: the old full-table count, read straight from the outbox. */
function countedByScan(db: Database.Database): Record<string, number> {
  const rows = db.prepare(`SELECT service || '/' || state AS k, count(*) AS n FROM outbox WHERE closed IS NULL GROUP BY service, state`).all() as Array<{ k: string; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}
function countedByStore(store: Store): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [service, counts] of store.countsByService()) {
    for (const state of OUTBOX_STATES) if (counts[state] > 0) out[`${service}/${state}`] = counts[state];
  }
  return out;
}

describe('status counts kept as rows change (its migration)', () => {
  it('seeds the counts from a file written before it, leaving voided sales out', () => {
    const db = new Database(path);
    migrate(db, { target: COUNTS_MIGRATION - 1 });
    const sale = db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable)
      VALUES (?, 1, '{}', '[]', '{}', '{}', '0') RETURNING id`);
    const entry = db.prepare(`INSERT INTO outbox (sale_id, state, request_body, next_attempt_at, created_at, updated_at, service, closed)
      VALUES (?, ?, '{}', 0, 1, 1, ?, ?)`);
    const seed: Array<[string, string, string | null]> = [
      ['waiting', 'demo', null], ['waiting', 'demo', null], ['queued', 'demo', null], ['validated', 'demo', null],
      ['validated', 'https://api.example.co|c1', null], ['needs_attention', 'demo', null], ['needs_attention', 'demo', 'voided'],
      ['waiting', '', null],
    ];
    seed.forEach(([state, service, closed], i) => entry.run((sale.get(`R-${i}`) as { id: number }).id, state, service, closed));
    migrate(db);
    const kept = db.prepare('SELECT service, state, closed, n FROM outbox_counts WHERE n > 0 ORDER BY service, state, closed').all();
    expect(kept).toEqual([
      { service: '', state: 'waiting', closed: 0, n: 1 },
      { service: 'demo', state: 'needs_attention', closed: 0, n: 1 },
      { service: 'demo', state: 'needs_attention', closed: 1, n: 1 },
      { service: 'demo', state: 'queued', closed: 0, n: 1 },
      { service: 'demo', state: 'validated', closed: 0, n: 1 },
      { service: 'demo', state: 'waiting', closed: 0, n: 2 },
      { service: 'https://api.example.co|c1', state: 'validated', closed: 0, n: 1 },
    ]);
    db.close();

    const store = openStore({ path });
    try {
      expect(store.counts()).toEqual({ waiting: 3, sending: 0, queued: 1, validated: 2, needs_attention: 1 });
      expect(store.outstandingByService()).toEqual(new Map([['', 1], ['demo', 3]]));
    } finally {
      store.close();
    }
  });

  it('stays equal to a full count through charges, sends, validations, refusals, retries, voids and service moves', () => {
    let clock = 1_000;
    const store = openStore({ path, now: () => clock });
    const check = new Database(path, { readonly: true });
    try {
      const recorded = Array.from({ length: 12 }, (_, i) => store.recordSale({ ...sampleSale(i, RANGE), service: i < 10 ? 'demo' : '' }));
      expect(countedByStore(store)).toEqual(countedByScan(check));
      const claimed = store.claimNext(8, 'demo');
      expect(countedByStore(store)).toEqual(countedByScan(check));
      const doc = (i: number, status: string) => readDocument({
        id: `d${i}`, status, reference_code: recorded[i]!.referenceCode, full_number: status === 'VALIDATED' ? `SETP${i}` : null,
        cufe: status === 'VALIDATED' ? 'ab'.repeat(48) : null,
      });
      store.markQueued(claimed[0]!.id, doc(0, 'QUEUED'));
      store.markValidated(claimed[1]!.id, doc(1, 'VALIDATED'));
      store.markValidated(claimed[0]!.id, doc(0, 'VALIDATED'));
      store.scheduleRetry(claimed[2]!.id, clock + 1000, 'timeout');
      store.recordAttempt(claimed[3]!.id, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 422 });
      store.markNeedsAttention(claimed[3]!.id, 'refused');
      store.markNeedsAttention(claimed[4]!.id, 'refused');
      store.retryNeedsAttention(claimed[4]!.id, 'demo');
      store.recoverInterrupted();
      store.adoptUnassigned('demo');
      store.moveUnsent('demo', 'https://api.example.co|c1');
      expect(countedByStore(store)).toEqual(countedByScan(check));

      clock += 1000;
      store.voidSale({ saleId: recorded[3]!.saleId, reason: 'Error de digitación', actor: { person: null, approvedBy: null } });
      expect(check.prepare('SELECT closed FROM outbox WHERE sale_id = ?').pluck().get(recorded[3]!.saleId)).toBe('voided');
      expect(countedByStore(store)).toEqual(countedByScan(check));
      expect(store.counts().needs_attention).toBe(0);
    } finally {
      check.close();
      store.close();
    }
  });
});

describe('bounded retention', () => {
  it('prunes request rows older than a day and print jobs finished over 30 days ago, a batch at a time', () => {
    const day = 24 * 3600 * 1000;
    let clock = 100 * day;
    const store = openStore({ path, now: () => clock });
    const db = new Database(path);
    try {
      const journal = store.rateJournal('demo');
      for (let i = 0; i < 5; i++) journal.finished(journal.started(clock - i), clock);
      const sale = store.recordSale(sampleSale(1, RANGE));
      const old = store.enqueuePrintJob({ kind: 'drawer', saleId: sale.saleId, onceKey: 'drawer:1' })!;
      store.markPrintJobPrinted(old.id);
      const waitingOld = store.enqueuePrintJob({ kind: 'copy', saleId: sale.saleId })!;
      clock += 31 * day;
      const recent = journal.started(clock - 1000);
      const fresh = store.enqueuePrintJob({ kind: 'copy', saleId: sale.saleId })!;
      store.markPrintJobPrinted(fresh.id);

      expect(store.pruneOldRecords(3)).toEqual({ requests: 3, printJobs: 1 });
      expect(store.pruneOldRecords(3)).toEqual({ requests: 2, printJobs: 0 });
      expect(store.pruneOldRecords(3)).toEqual({ requests: 0, printJobs: 0 });
      expect(db.prepare('SELECT id FROM api_requests').pluck().all()).toEqual([recent]);
      // A job still waiting is never pruned, however old; a recent finished one stays.
      expect(store.printJobsOfSale(sale.saleId).map((j) => j.id)).toEqual([waitingOld.id, fresh.id]);
      expect(RETENTION.apiRequestsMs).toBeLessThan(RETENTION.printJobsMs);
    } finally {
      db.close();
      store.close();
    }
  });
});
