import type Database from 'better-sqlite3';
import { StoreError } from './errors';

/**
 * Forward-only schema changes. The position in the array is the version it produces (index 0 → version 1),
 * tracked in `PRAGMA user_version`. Never edit or reorder a released migration: add a new one.
 */
export interface Migration {
  name: string;
  up(db: Database.Database): void;
}

export const migrations: readonly Migration[] = [
  {
    name: 'sales and outbox',
    up(db) {
      db.exec(`
        CREATE TABLE settings (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;

        CREATE TABLE sales (
          id             INTEGER PRIMARY KEY AUTOINCREMENT,
          reference_code TEXT NOT NULL UNIQUE,
          created_at     INTEGER NOT NULL,
          customer       TEXT NOT NULL CHECK (json_valid(customer)),
          items          TEXT NOT NULL CHECK (json_valid(items)),
          payment        TEXT NOT NULL CHECK (json_valid(payment)),
          totals         TEXT NOT NULL CHECK (json_valid(totals)),
          payable        TEXT NOT NULL
        ) STRICT;

        CREATE TABLE outbox (
          id                 INTEGER PRIMARY KEY AUTOINCREMENT,
          sale_id            INTEGER NOT NULL UNIQUE REFERENCES sales(id) ON DELETE RESTRICT,
          state              TEXT NOT NULL DEFAULT 'waiting'
                             CHECK (state IN ('waiting','sending','queued','validated','needs_attention')),
          request_body       TEXT NOT NULL CHECK (json_valid(request_body)),
          numbering_range_id TEXT,
          attempts           INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
          next_attempt_at    INTEGER NOT NULL,
          last_error         TEXT,
          remote_id          TEXT,
          remote_status      TEXT,
          full_number        TEXT,
          cufe               TEXT,
          qr_url             TEXT,
          qr_image           TEXT,
          remote_raw         TEXT CHECK (remote_raw IS NULL OR json_valid(remote_raw)),
          created_at         INTEGER NOT NULL,
          updated_at         INTEGER NOT NULL,
          validated_at       INTEGER
        ) STRICT;
        CREATE INDEX outbox_by_state ON outbox (state, id);

        -- The bytes sent once must be the bytes resent: the service deduplicates by reference_code,
        -- and a changed body under the same reference would be silently ignored by it. The one exception
        -- is a numbering range the service refused outright: only that field may change, in step with its column.
        CREATE TRIGGER outbox_request_body_frozen
        BEFORE UPDATE OF request_body, numbering_range_id ON outbox
        WHEN OLD.attempts > 0
          AND (NEW.request_body IS NOT OLD.request_body OR NEW.numbering_range_id IS NOT OLD.numbering_range_id)
          AND NEW.request_body IS NOT json_set(OLD.request_body, '$.numbering_range_id', NEW.numbering_range_id)
        BEGIN
          SELECT RAISE(ABORT, 'request_body cannot change after the first attempt');
        END;

        CREATE TABLE outbox_attempts (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          entry_id    INTEGER NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
          started_at  INTEGER NOT NULL,
          finished_at INTEGER NOT NULL,
          outcome     TEXT NOT NULL
                      CHECK (outcome IN ('queued','validated','transient','permanent','ambiguous')),
          http_status INTEGER,
          message     TEXT
        ) STRICT;
        CREATE INDEX outbox_attempts_by_entry ON outbox_attempts (entry_id, id);
      `);
    },
  },
  {
    name: 'catalog and customers',
    up(db) {
      db.exec(`
        CREATE TABLE products (
          code          TEXT PRIMARY KEY,
          name          TEXT NOT NULL,
          barcode       TEXT UNIQUE,
          price         TEXT NOT NULL,
          unit_measure  TEXT NOT NULL,
          tax_code      TEXT,
          tax_rate      TEXT,
          discount_rate TEXT NOT NULL DEFAULT '0',
          updated_at    INTEGER NOT NULL,
          CHECK ((tax_code IS NULL) = (tax_rate IS NULL))
        ) STRICT;
        CREATE INDEX products_by_name ON products (name COLLATE NOCASE);

        CREATE TABLE customers (
          id                  INTEGER PRIMARY KEY AUTOINCREMENT,
          identification_type TEXT NOT NULL,
          identification      TEXT NOT NULL,
          dv                  TEXT NOT NULL,
          name                TEXT NOT NULL,
          person_type         TEXT NOT NULL,
          tax_regime          TEXT NOT NULL,
          email               TEXT NOT NULL,
          municipality_code   TEXT NOT NULL,
          updated_at          INTEGER NOT NULL,
          UNIQUE (identification_type, identification)
        ) STRICT;
        CREATE INDEX customers_by_name ON customers (name COLLATE NOCASE);
      `);
    },
  },
  {
    name: 'sales searchable by customer',
    up(db) {
      // History search filters on the buyer; reading it out of the JSON for every row would scan the whole table.
      db.exec(`
        ALTER TABLE sales ADD COLUMN customer_name TEXT NOT NULL DEFAULT '';
        ALTER TABLE sales ADD COLUMN customer_identification TEXT NOT NULL DEFAULT '';
        UPDATE sales SET
          customer_name = coalesce(json_extract(customer, '$.name'), ''),
          customer_identification = coalesce(json_extract(customer, '$.identification'), '');
        CREATE INDEX sales_by_created_at ON sales (created_at);
        CREATE INDEX sales_by_customer_identification ON sales (customer_identification);
        CREATE INDEX outbox_by_full_number ON outbox (full_number);
      `);
    },
  },
  {
    name: 'outbox entries belong to one invoicing service',
    up(db) {
      // A sale rung up on the demo service must never become a real invoice after the till switches to a real
      // account (nor the reverse). Sales from before this migration keep '' and are sent wherever the till points.
      db.exec(`
        ALTER TABLE outbox ADD COLUMN service TEXT NOT NULL DEFAULT '';
        CREATE INDEX outbox_by_service_state ON outbox (service, state);
      `);
    },
  },
  {
    name: 'rate budget survives restarts',
    up(db) {
      // The service counts requests per minute as they arrive; a restarted till must start from the requests its
      // previous run made in the last window, not from an empty one.
      db.exec(`
        CREATE TABLE api_requests (
          id          INTEGER PRIMARY KEY,
          service     TEXT NOT NULL,
          at          INTEGER NOT NULL,  -- when the request started
          finished_at INTEGER            -- NULL while in flight, or forever if the process died first
        ) STRICT;
        CREATE INDEX api_requests_by_service_at ON api_requests (service, at);
        -- A Retry-After pause and a budget shrunk by a 429 must outlive the process too.
        CREATE TABLE api_budget (
          service      TEXT PRIMARY KEY,
          paused_until INTEGER NOT NULL DEFAULT 0,
          budget       REAL,
          budget_at    INTEGER
        ) STRICT;
      `);
    },
  },
  {
    name: 'open sales kept in the core',
    up(db) {
      // The sale being rung up (cart, customer, payment) lives here, so a reload, a crash or a restart brings it back.
      db.exec(`
        CREATE TABLE open_sales (
          slot       TEXT PRIMARY KEY,
          draft      TEXT NOT NULL CHECK (json_valid(draft)),
          updated_at INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    name: 'short sale numbers per till',
    up(db) {
      // A short number the cashier can read out ("Caja 1 · 000123"), consecutive in this till's file.
      db.exec(`
        ALTER TABLE sales ADD COLUMN short_number INTEGER;
        UPDATE sales SET short_number = numbered.n
          FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM sales) AS numbered
          WHERE numbered.id = sales.id;
        CREATE UNIQUE INDEX sales_by_short_number ON sales (short_number);
      `);
    },
  },
  {
    name: 'catalog: barcodes, categories, active flag, shelf prices (issue 9, reserved)',
    up() {
      // Reserved: filled in by the work that needs it (unreleased, so its body may still change).
    },
  },
  {
    name: 'customers directory (issue 9, reserved)',
    up() {
      // Reserved: filled in by the work that needs it (unreleased, so its body may still change).
    },
  },
  {
    name: 'cash tendered and parked sales (issue 9, reserved)',
    up() {
      // Reserved: filled in by the work that needs it (unreleased, so its body may still change).
    },
  },
  {
    name: 'people, roles and overrides (issue 9, reserved)',
    up() {
      // Reserved: filled in by the work that needs it (unreleased, so its body may still change).
    },
  },
  {
    name: 'sales per till and cashier (issue 9, reserved)',
    up() {
      // Reserved: filled in by the work that needs it (unreleased, so its body may still change).
    },
  },
  {
    name: 'sync timing per service (issue 12)',
    up(db) {
      // How long each service takes from QUEUED to a final status, learned as documents finish, so the first look-up
      // of a fresh document is timed around it from the first sale after a restart, not from a guess.
      db.exec(`
        CREATE TABLE sync_timing (
          service       TEXT PRIMARY KEY,
          first_look_ms REAL NOT NULL CHECK (first_look_ms >= 0),
          settle_ms     REAL NOT NULL CHECK (settle_ms >= 0),
          samples       INTEGER NOT NULL CHECK (samples >= 0),
          updated_at    INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
];

export const LATEST_SCHEMA_VERSION = migrations.length;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the file up to `target` (default: the latest), one transaction per migration so a failure
 * leaves the file at the last good version. Refuses a file written by a newer Mostrador.
 */
export function migrate(
  db: Database.Database,
  opts: { target?: number; list?: readonly Migration[] } = {},
): { from: number; to: number } {
  const list = opts.list ?? migrations;
  const known = list.length;
  const target = opts.target ?? known;
  if (!Number.isInteger(target) || target < 0 || target > known) {
    throw new RangeError(`migration target ${target} is outside 0..${known}`);
  }
  const from = schemaVersion(db);
  if (from > known) {
    throw new StoreError(
      `This data file was written by a newer version of Mostrador (schema ${from}; this version knows up to ${known}). ` +
        'Update Mostrador or restore a backup.',
    );
  }
  for (let version = from + 1; version <= target; version++) {
    const migration = list[version - 1];
    if (!migration) break;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
  return { from, to: Math.max(from, target) };
}
