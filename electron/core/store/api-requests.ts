/**
 * The rate budget's memory: when each request to an invoicing service started and finished, its Retry-After
 * pause and its budget after a 429, per service (the outbox's key: 'demo', or base URL | client id). The service
 * counts arrivals per minute whatever our process does, so a restarted till starts from these rows.
 * Only the last window is needed; older rows are pruned as the limiter goes.
 */
import type Database from 'better-sqlite3';
import type { RateJournal, RateJournalState } from '../../../common/invoicing/rate-limiter';

/** Rows one limiter prune deletes at most (it prunes every quarter window: far more than a window's requests). */
export const JOURNAL_PRUNE_LIMIT = 200;

export interface ApiRequests {
  /** The journal of one service, for its API client's rate limiter. */
  rateJournal(service: string): RateJournal;
}

export function apiRequestsTable(db: Database.Database): ApiRequests {
  const recent = db.prepare<[string, number], { at: number; finished_at: number | null }>(
    'SELECT at, finished_at FROM api_requests WHERE service = ? AND at >= ? ORDER BY at',
  );
  const insert = db.prepare<[string, number]>('INSERT INTO api_requests (service, at) VALUES (?, ?)');
  const finish = db.prepare<[number, number]>('UPDATE api_requests SET finished_at = ? WHERE id = ?');
  // Bounded: the limiter prunes as it goes, and a file carrying a year of rows (from before retention) must not
  // delete them all in one go on the first request; what is left goes in retention's time-bounded batches.
  const prune = db.prepare<[string, number, number]>(
    'DELETE FROM api_requests WHERE id IN (SELECT id FROM api_requests WHERE service = ? AND at < ? ORDER BY at LIMIT ?)',
  );
  const budgetRow = db.prepare<[string], { paused_until: number; budget: number | null; budget_at: number | null }>(
    'SELECT paused_until, budget, budget_at FROM api_budget WHERE service = ?',
  );
  const savePause = db.prepare<[string, number]>(
    `INSERT INTO api_budget (service, paused_until) VALUES (?, ?)
     ON CONFLICT (service) DO UPDATE SET paused_until = max(paused_until, excluded.paused_until)`,
  );
  const saveBudget = db.prepare<[string, number, number]>(
    `INSERT INTO api_budget (service, budget, budget_at) VALUES (?, ?, ?)
     ON CONFLICT (service) DO UPDATE SET budget = excluded.budget, budget_at = excluded.budget_at`,
  );

  return {
    rateJournal(service) {
      return {
        load(sinceMs): RateJournalState {
          const requests = recent.all(service, sinceMs).map((r) => ({ startedAt: r.at, finishedAt: r.finished_at }));
          const row = budgetRow.get(service);
          const budget = row && row.budget !== null && row.budget_at !== null ? { value: row.budget, atMs: row.budget_at } : null;
          return { requests, pausedUntil: row?.paused_until ?? 0, budget };
        },
        started(atMs) {
          return Number(insert.run(service, Math.round(atMs)).lastInsertRowid);
        },
        finished(handle, atMs) {
          finish.run(Math.round(atMs), handle);
        },
        paused(untilMs) {
          savePause.run(service, Math.round(untilMs));
        },
        budgetChanged(budget, atMs) {
          saveBudget.run(service, budget, Math.round(atMs));
        },
        prune(beforeMs) {
          prune.run(service, Math.round(beforeMs), JOURNAL_PRUNE_LIMIT);
        },
      };
    },
  };
}
