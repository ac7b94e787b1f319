/**
 * The sync engine's memory of how long each invoicing service takes from QUEUED to a final status (see
 * shared/api/confirm-timing.ts), one row per service (the outbox's key).
 */
import type Database from 'better-sqlite3';
import type { ConfirmTiming } from '../../../shared/api/confirm-timing';

export type { ConfirmTiming };

export interface SyncTimings {
  syncTiming(service: string): ConfirmTiming | null;
  saveSyncTiming(service: string, timing: ConfirmTiming): void;
}

export function syncTimingTable(db: Database.Database, now: () => number): SyncTimings {
  const read = db.prepare<[string], { first_look_ms: number; settle_ms: number; samples: number }>(
    'SELECT first_look_ms, settle_ms, samples FROM sync_timing WHERE service = ?',
  );
  const save = db.prepare<[string, number, number, number, number]>(
    `INSERT INTO sync_timing (service, first_look_ms, settle_ms, samples, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (service) DO UPDATE SET first_look_ms = excluded.first_look_ms, settle_ms = excluded.settle_ms,
       samples = excluded.samples, updated_at = excluded.updated_at`,
  );
  return {
    syncTiming(service) {
      const row = read.get(service);
      return row ? { firstLookMs: row.first_look_ms, settleMs: row.settle_ms, samples: row.samples } : null;
    },
    saveSyncTiming(service, timing) {
      save.run(service, timing.firstLookMs, timing.settleMs, Math.min(timing.samples, 1_000_000), now());
    },
  };
}
