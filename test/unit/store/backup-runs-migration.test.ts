import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, migrate, migrations, openStore } from '../../../electron/core/store';
import { sampleSale } from '../../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-backup-runs-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const version = migrations.findIndex((m) => m.name.startsWith('backup runs')) + 1;

describe('backup runs migration', () => {
  it('a file from the version before gains the table with its sales untouched, and records runs', () => {
    const file = join(dir, 'mostrador.sqlite');
    const db = new Database(file);
    migrate(db, { target: version - 1 });
    db.close();
    const seeded = openStoreAt(file, version - 1);
    expect(seeded).toBe(3);
    let t = 1_000;
    const store = openStore({ path: file, now: () => t });
    expect(store.lastGoodBackup()).toBeNull();
    store.recordFailedBackup({ startedAt: 900, reason: 'daily', code: 'FOLDER_MISSING', message: 'no drive' });
    expect(store.lastFailedBackup()).toMatchObject({ code: 'FOLDER_MISSING', at: 1_000 });
    t = 2_000;
    store.recordGoodBackup({ startedAt: 1_500, reason: 'shift-close', file: '/b/mostrador-x.sqlite', encrypted: false, counts: { sales: 3 } });
    expect(store.lastGoodBackup()).toEqual({ at: 2_000, file: '/b/mostrador-x.sqlite', encrypted: false, counts: { sales: 3 } });
    // A failure before the good copy is no longer "the last failure".
    expect(store.lastFailedBackup()).toBeNull();
    store.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(check.prepare('SELECT count(*) AS n FROM sales').get()).toEqual({ n: 3 });
    expect(() => check.prepare(`INSERT INTO backup_runs (started_at, finished_at, reason, outcome) VALUES (1, 1, 'daily', 'good')`).run()).toThrow();
    check.close();
  });
});

/** Sales as the version before wrote them (raw SQL of that shape), on a file held at that version. */
function openStoreAt(file: string, target: number): number {
  const writer = new Database(file);
  expect(writer.pragma('user_version', { simple: true })).toBe(target);
  for (let i = 0; i < 3; i++) {
    const s = sampleSale(i);
    writer.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable) VALUES (?, ?, ?, ?, ?, '{}', '0')`)
      .run(`K7M2QX-SEED${i}`, 1_000 + i, JSON.stringify(s.customer), JSON.stringify(s.items), JSON.stringify(s.payment));
  }
  const n = (writer.prepare('SELECT count(*) AS n FROM sales').get() as { n: number }).n;
  writer.close();
  return n;
}
