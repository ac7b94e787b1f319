/**
 * Pruning a year of old rows must never hold the event loop for long: the batch follows the time a batch took,
 * and the rate limiter's own prune is bounded too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_PRUNE_BATCH, nextPruneBatch, PRUNE_BUDGET_MS, startRecordPruning } from '../../../electron/core/app/record-pruning';
import { JOURNAL_PRUNE_LIMIT } from '../../../electron/core/store/api-requests';
import { openStore, RETENTION, type Retention } from '../../../electron/core/store';

describe('nextPruneBatch', () => {
  it('halves a batch that took longer than the budget, down to a floor', () => {
    expect(nextPruneBatch(400, PRUNE_BUDGET_MS + 1)).toBe(200);
    expect(nextPruneBatch(MIN_PRUNE_BATCH, 500)).toBe(MIN_PRUNE_BATCH);
  });
  it('grows a quick batch back, never past the retention batch', () => {
    expect(nextPruneBatch(50, 0.5)).toBe(100);
    expect(nextPruneBatch(RETENTION.batch, 0)).toBe(RETENTION.batch);
    expect(nextPruneBatch(120, PRUNE_BUDGET_MS / 2)).toBe(120);
  });
});

describe('startRecordPruning', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shrinks batches on a slow disk until one fits the budget, and keeps going while a backlog remains', () => {
    let backlog = 100_000;
    let clock = 0;
    const sizes: number[] = [];
    // 0.1 ms a row: 200 rows take 20 ms, 50 rows take 5 ms.
    const store: Retention = {
      pruneOldRecords(batch = RETENTION.batch) {
        sizes.push(batch);
        const n = Math.min(batch, backlog);
        backlog -= n;
        clock += n * 0.1;
        return { requests: n, printJobs: 0 };
      },
    };
    const pruning = startRecordPruning(store, () => {}, { firstMs: 10, stepMs: 100, clock: () => clock });
    vi.advanceTimersByTime(10 + 100 * 5);
    pruning.stop();
    expect(sizes).toEqual([100, 50, 50, 50, 50, 50]);
    expect(sizes.every((size, i) => i === 0 || size * 0.1 <= PRUNE_BUDGET_MS)).toBe(true);
  });

  it('waits an hour once nothing is left', () => {
    const calls: number[] = [];
    const store: Retention = { pruneOldRecords(batch) { calls.push(batch ?? 0); return { requests: 0, printJobs: 0 }; } };
    const pruning = startRecordPruning(store, () => {}, { firstMs: 10, stepMs: 100, everyMs: 3600_000, clock: () => 0 });
    vi.advanceTimersByTime(3600_000);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(10);
    expect(calls).toHaveLength(2);
    pruning.stop();
  });
});

describe('the rate journal prune', () => {
  it('deletes at most a bounded number of old rows at once, oldest first', () => {
    const store = openStore({ path: ':memory:' });
    try {
      const journal = store.rateJournal('demo');
      const db = store.database();
      const insert = db.prepare('INSERT INTO api_requests (service, at) VALUES (?, ?)');
      db.transaction(() => { for (let i = 0; i < JOURNAL_PRUNE_LIMIT + 50; i++) insert.run('demo', 1_000 + i); })();
      insert.run('other', 1);
      const recent = journal.started(1_000_000);
      journal.prune(500_000);
      const left = db.prepare(`SELECT at FROM api_requests WHERE service = 'demo' ORDER BY at`).pluck().all() as number[];
      expect(left).toHaveLength(51);
      expect(left[0]).toBe(1_000 + JOURNAL_PRUNE_LIMIT);
      journal.prune(500_000);
      expect(db.prepare(`SELECT id FROM api_requests WHERE service = 'demo'`).pluck().all()).toEqual([recent]);
      // Another service's rows are its own limiter's business.
      expect(db.prepare(`SELECT count(*) FROM api_requests WHERE service = 'other'`).pluck().get()).toBe(1);
    } finally {
      store.close();
    }
  });
});
