import type Database from 'better-sqlite3';

/** Rows of the main tables, as counted in the source at the copy's moment and in the copy. */
export type TableCounts = Record<string, number>;

export type BackupReason = 'daily' | 'shift-close' | 'manual';

export interface GoodBackup {
  at: number;
  file: string;
  encrypted: boolean;
  counts: TableCounts;
}

export interface FailedBackup {
  at: number;
  code: string;
  message: string;
}

export interface BackupRuns {
  recordGoodBackup(run: { startedAt: number; reason: BackupReason; file: string; encrypted: boolean; counts: TableCounts }): GoodBackup;
  recordFailedBackup(run: { startedAt: number; reason: BackupReason; code: string; message: string }): FailedBackup;
  lastGoodBackup(): GoodBackup | null;
  /** The newest failure since the last good copy, if any. */
  lastFailedBackup(): FailedBackup | null;
}

interface GoodRow { finished_at: number; file: string; encrypted: number; counts: string }

export function backupRunsTable(db: Database.Database, now: () => number): BackupRuns {
  const insert = db.prepare<[number, number, string, string, string | null, number, string | null, string | null, string | null]>(
    `INSERT INTO backup_runs (started_at, finished_at, reason, outcome, file, encrypted, counts, error_code, error)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const lastGood = db.prepare<[], GoodRow>(
    `SELECT finished_at, file, encrypted, counts FROM backup_runs WHERE outcome = 'good' ORDER BY finished_at DESC, id DESC LIMIT 1`,
  );
  const lastFailed = db.prepare<[], { finished_at: number; error_code: string; error: string }>(
    `SELECT finished_at, error_code, error FROM backup_runs
     WHERE outcome = 'failed' AND id > coalesce((SELECT max(id) FROM backup_runs WHERE outcome = 'good'), 0)
     ORDER BY id DESC LIMIT 1`,
  );
  return {
    recordGoodBackup({ startedAt, reason, file, encrypted, counts }) {
      const at = now();
      insert.run(startedAt, at, reason, 'good', file, encrypted ? 1 : 0, JSON.stringify(counts), null, null);
      return { at, file, encrypted, counts };
    },
    recordFailedBackup({ startedAt, reason, code, message }) {
      const at = now();
      insert.run(startedAt, at, reason, 'failed', null, 0, null, code, message);
      return { at, code, message };
    },
    lastGoodBackup() {
      const row = lastGood.get();
      return row ? { at: row.finished_at, file: row.file, encrypted: row.encrypted === 1, counts: JSON.parse(row.counts) as TableCounts } : null;
    },
    lastFailedBackup() {
      const row = lastFailed.get();
      return row ? { at: row.finished_at, code: row.error_code, message: row.error } : null;
    },
  };
}
