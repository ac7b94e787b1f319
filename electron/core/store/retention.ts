/**
 * Bounded retention for what only matters for a while: the rate journal's request rows (the limiter reads the last
 * minute) and print jobs that finished (printed or dropped) long ago. A prune deletes at most `batch` rows in one
 * short transaction, oldest first through an index, so a year of backlog drains in small steps between charges.
 */
import type Database from 'better-sqlite3';

export const RETENTION = {
  /** Request rows older than this are of no use to any rate window (a minute) nor to a person reading the log. */
  apiRequestsMs: 24 * 3600 * 1000,
  /** A finished print job is kept this long (a question about last month's receipt can still be answered). */
  printJobsMs: 30 * 24 * 3600 * 1000,
  /** Small enough that a batch on a year-old file takes a few milliseconds, between two charges. */
  batch: 500,
} as const;

export interface Retention {
  /** Deletes up to `batch` old rows of each kind; returns how many went (a full batch means more are left). */
  pruneOldRecords(batch?: number): { requests: number; printJobs: number };
}

export function retentionTable(db: Database.Database, now: () => number): Retention {
  const requests = db.prepare<[number, number]>(
    'DELETE FROM api_requests WHERE id IN (SELECT id FROM api_requests WHERE at < ? ORDER BY at LIMIT ?)',
  );
  const printJobs = db.prepare<[number, number]>(
    `DELETE FROM print_jobs WHERE id IN (
       SELECT id FROM print_jobs WHERE state <> 'waiting' AND done_at < ? ORDER BY done_at LIMIT ?)`,
  );
  return {
    pruneOldRecords(batch = RETENTION.batch) {
      const at = now();
      return db.transaction(() => ({
        requests: requests.run(at - RETENTION.apiRequestsMs, batch).changes,
        printJobs: printJobs.run(at - RETENTION.printJobsMs, batch).changes,
      })).immediate();
    },
  };
}
