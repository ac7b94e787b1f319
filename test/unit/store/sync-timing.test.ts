import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openStore } from '../../../electron/core/store';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-sync-timing-'));
  file = join(dir, 'mostrador.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SYNC_TIMING_VERSION = migrations.findIndex((m) => m.name.startsWith('sync timing per service')) + 1;

describe('migration: sync timing per service', () => {
  it('12 → 13 keeps the outbox as it was and adds an empty timing table that refuses nonsense', () => {
    expect(SYNC_TIMING_VERSION).toBe(13);
    const db = new Database(file);
    migrate(db, { target: SYNC_TIMING_VERSION - 1 });
    db.prepare(
      `INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, short_number)
       VALUES ('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 1, '{}', '[]', '{}', '{}', '1190.00', 1)`,
    ).run();
    db.prepare(
      `INSERT INTO outbox (sale_id, state, request_body, next_attempt_at, created_at, updated_at, service, remote_id)
       VALUES (1, 'queued', '{}', 0, 0, 0, 'demo', 'd2f2f70b-0000-4000-8000-000000000001')`,
    ).run();
    migrate(db, { target: SYNC_TIMING_VERSION });
    expect(db.prepare('SELECT state, service, remote_id FROM outbox').get()).toEqual({
      state: 'queued', service: 'demo', remote_id: 'd2f2f70b-0000-4000-8000-000000000001',
    });
    expect(db.prepare('SELECT count(*) AS n FROM sync_timing').get()).toEqual({ n: 0 });
    expect(() => db.prepare(`INSERT INTO sync_timing VALUES ('demo', -1, 0, 0, 0)`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('keeps one estimate per service and brings it back after a restart', () => {
    let store = openStore({ path: file, now: () => 1_000 });
    expect(store.syncTiming('demo')).toBeNull();
    store.saveSyncTiming('demo', { firstLookMs: 1_900, settleMs: 2_300, samples: 12 });
    store.saveSyncTiming('https://api.example.co|fc_shop', { firstLookMs: 40_000, settleMs: 90_000, samples: 3 });
    store.saveSyncTiming('demo', { firstLookMs: 1_950, settleMs: 2_250, samples: 13 });
    store.close();
    store = openStore({ path: file });
    expect(store.syncTiming('demo')).toEqual({ firstLookMs: 1_950, settleMs: 2_250, samples: 13 });
    expect(store.syncTiming('https://api.example.co|fc_shop')?.firstLookMs).toBe(40_000);
    store.close();
  });
});
