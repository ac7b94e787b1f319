import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LATEST_SCHEMA_VERSION,
  migrate,
  migrations,
  openDatabase,
  openStore,
  schemaVersion,
  StoreError,
  type Migration,
} from '../../../electron/core/store';

let dir: string;
let file: string;
const handles: Database.Database[] = [];
function raw(): Database.Database {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  handles.push(db);
  return db;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-migrations-'));
  file = join(dir, 'mostrador.sqlite');
});
afterEach(() => {
  for (const db of handles.splice(0)) if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const customer = JSON.stringify({ identification_type: '13', identification: '1020304050', dv: '7', name: 'Ana Gómez', person_type: '2', tax_regime: '49', email: 'ana@example.co', municipality_code: '05001' });

/** Rows as version 1 wrote them: a sale, its outbox entry and one attempt. */
function seedVersion1(db: Database.Database): void {
  db.prepare(`INSERT INTO settings (key, value) VALUES ('till_id', 'K7M2QX')`).run();
  db.prepare(
    `INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable)
     VALUES ('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 1736949600000, ?, '[]', '{"form_code":"1","means_code":"10"}', '{"payable":"1190.00"}', '1190.00')`,
  ).run(customer);
  db.prepare(
    `INSERT INTO outbox (sale_id, request_body, numbering_range_id, next_attempt_at, created_at, updated_at, attempts)
     VALUES (1, '{"reference_code":"K7M2QX-01JH000000AAAAAAAAAAAAAAAA"}', NULL, 0, 0, 0, 1)`,
  ).run();
  db.prepare(`INSERT INTO outbox_attempts (entry_id, started_at, finished_at, outcome) VALUES (1, 0, 5, 'transient')`).run();
}

describe('migrations', () => {
  it('a new file is brought to the latest version, and reopening changes nothing', () => {
    openStore({ path: file }).close();
    expect(schemaVersion(raw())).toBe(LATEST_SCHEMA_VERSION);
    expect(LATEST_SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
    openStore({ path: file }).close();
    expect(schemaVersion(raw())).toBe(LATEST_SCHEMA_VERSION);
  });

  it('0 → 1 creates the sale and outbox tables with their rules', () => {
    const db = raw();
    expect(migrate(db, { target: 1 })).toEqual({ from: 0, to: 1 });
    seedVersion1(db);
    expect(() => db.prepare(`UPDATE outbox SET state = 'lost' WHERE id = 1`).run()).toThrow(/CHECK/);
    expect(() =>
      db.prepare(`INSERT INTO outbox (sale_id, request_body, next_attempt_at, created_at, updated_at) VALUES (99, '{}', 0, 0, 0)`).run(),
    ).toThrow(/FOREIGN KEY/);
    expect(() =>
      db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable)
                  SELECT reference_code, 0, customer, items, payment, totals, payable FROM sales`).run(),
    ).toThrow(/UNIQUE/);
  });

  it('1 → 2 keeps the sales and adds a working catalog and customer list', () => {
    const db = raw();
    migrate(db, { target: 1 });
    seedVersion1(db);
    migrate(db, { target: 2 });
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare('SELECT reference_code, payable FROM sales').all()).toEqual([
      { reference_code: 'K7M2QX-01JH000000AAAAAAAAAAAAAAAA', payable: '1190.00' },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM outbox_attempts').get()).toEqual({ n: 1 });
    db.prepare(`INSERT INTO products (code, name, barcode, price, unit_measure, updated_at) VALUES ('P1', 'Pan', '770100', '800', '94', 0)`).run();
    expect(() =>
      db.prepare(`INSERT INTO products (code, name, barcode, price, unit_measure, updated_at) VALUES ('P2', 'Leche', '770100', '3200', '94', 0)`).run(),
    ).toThrow(/UNIQUE/);
    db.prepare(`INSERT INTO customers (identification_type, identification, dv, name, person_type, tax_regime, email, municipality_code, updated_at)
                VALUES ('31', '900373115', '3', 'A', '1', '48', 'a@b.co', '11001', 0)`).run();
    expect(() =>
      db.prepare(`INSERT INTO customers (identification_type, identification, dv, name, person_type, tax_regime, email, municipality_code, updated_at)
                  VALUES ('31', '900373115', '3', 'B', '1', '48', 'b@b.co', '11001', 0)`).run(),
    ).toThrow(/UNIQUE/);
  });

  it('2 → 3 fills the buyer search columns from the sales already stored', () => {
    const db = raw();
    migrate(db, { target: 1 });
    seedVersion1(db);
    migrate(db, { target: 2 });
    migrate(db, { target: 3 });
    expect(db.prepare('SELECT customer_name, customer_identification FROM sales').get()).toEqual({
      customer_name: 'Ana Gómez',
      customer_identification: '1020304050',
    });
    db.close();
    const store = openStore({ path: file });
    expect(store.searchSales({ text: 'gómez', limit: 5 }).sales.map((s) => s.referenceCode)).toEqual(['K7M2QX-01JH000000AAAAAAAAAAAAAAAA']);
    expect(store.searchSales({ text: '10203', limit: 5 }).total).toBe(1);
    expect(store.tillId()).toBe('K7M2QX');
    store.close();
  });

  it('3 → 4 keeps existing sales sendable by any service and ties new ones to theirs', () => {
    const db = raw();
    migrate(db, { target: 3 });
    seedVersion1(db);
    migrate(db, { target: 4 });
    expect(db.prepare('SELECT service FROM outbox').get()).toEqual({ service: '' });
    db.close();
    const store = openStore({ path: file });
    // The sale from before the migration belongs to no service in particular: whichever is configured sends it.
    const legacy = store.searchSales({ limit: 5 }).sales[0]!;
    store.scheduleRetry(legacy.entryId, 0, 'seeded');
    expect(store.claimNext(5, 'demo').map((e) => e.referenceCode)).toEqual([legacy.referenceCode]);
    store.close();
  });

  it('6 → 7 numbers the sales already stored 1, 2, 3… in the order they were made, and new sales continue from there', () => {
    const db = raw();
    migrate(db, { target: 6 });
    seedVersion1(db);
    for (const suffix of ['B', 'C']) {
      db.prepare(
        `INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, customer_name, customer_identification)
         SELECT 'K7M2QX-01JH000000AAAAAAAAAAAAAAA' || ?, created_at + 1, customer, items, payment, totals, payable, customer_name, customer_identification FROM sales WHERE id = 1`,
      ).run(suffix);
      db.prepare(`INSERT INTO outbox (sale_id, request_body, next_attempt_at, created_at, updated_at) VALUES (last_insert_rowid(), '{}', 0, 0, 0)`).run();
    }
    db.prepare('DELETE FROM outbox WHERE sale_id = 2').run();
    db.prepare('DELETE FROM sales WHERE id = 2').run();
    migrate(db, { target: 7 });
    expect(db.prepare('SELECT id, short_number FROM sales ORDER BY id').all()).toEqual([{ id: 1, short_number: 1 }, { id: 3, short_number: 2 }]);
    expect(() => db.prepare('UPDATE sales SET short_number = 1 WHERE id = 3').run()).toThrow(/UNIQUE/);
    db.close();
    const store = openStore({ path: file });
    expect(store.searchSales({ text: '000002', limit: 5 }).sales.map((s) => s.id)).toEqual([3]);
    store.close();
  });

  it('refuses a file written by a newer Mostrador and leaves it untouched', () => {
    openStore({ path: file }).close();
    const db = raw();
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 4}`);
    db.close();
    const newer = LATEST_SCHEMA_VERSION + 4;
    expect(() => openStore({ path: file })).toThrow(StoreError);
    expect(() => openStore({ path: file })).toThrow(
      `This data file was written by a newer version of Mostrador (schema ${newer}; this version knows up to ${LATEST_SCHEMA_VERSION}). Update Mostrador or restore a backup.`,
    );
    expect(schemaVersion(raw())).toBe(newer);
  });

  it('a failing migration rolls back entirely and leaves the version where it was', () => {
    const db = raw();
    const broken: Migration[] = [
      ...migrations.slice(0, 1),
      { name: 'half done', up: (d) => { d.exec('CREATE TABLE half_done (x INTEGER)'); throw new Error('power cut'); } },
    ];
    expect(() => migrate(db, { list: broken })).toThrow('power cut');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'`).get()).toEqual({ n: 0 });
  });

  it('every connection is WAL, synchronous=FULL, with foreign keys and a busy timeout', () => {
    const db = openDatabase(file);
    handles.push(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
  });
});
