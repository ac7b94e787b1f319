import type Database from 'better-sqlite3';
import { StoreError } from './errors';
import { foldText } from '../../../shared/folded-text';
import { CORRECTIONS_SQL } from './corrections-schema';
import { VOID_GUARD_SQL } from './void-guard-schema';
import { SHOP_SYNC_SQL } from './shop-sync-schema';

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
    name: 'catalog: barcodes, categories, active flag, shelf prices (issue 9)',
    up(db) {
      // A product may carry several barcodes (unit, pack, an old label); each barcode names one product.
      // Products are never deleted (sales refer to their codes): they are deactivated. The shelf price is kept as
      // the owner entered it; `price` stays the base the service is sent. `search_key` is code, name and category
      // in lower case without accents, so "cafe" finds "Café" without folding 50 000 names per keystroke.
      db.function('mostrador_fold', { deterministic: true }, (text: unknown) => foldText(String(text ?? '')));
      db.exec(`
        CREATE TABLE product_barcodes (
          barcode  TEXT PRIMARY KEY,
          code     TEXT NOT NULL REFERENCES products(code) ON UPDATE CASCADE ON DELETE RESTRICT,
          position INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX product_barcodes_by_code ON product_barcodes (code, position);
        INSERT INTO product_barcodes (barcode, code, position)
          SELECT barcode, code, 0 FROM products WHERE barcode IS NOT NULL AND barcode <> '';
        UPDATE products SET barcode = NULL;

        ALTER TABLE products ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
        ALTER TABLE products ADD COLUMN category TEXT;
        ALTER TABLE products ADD COLUMN shelf_price TEXT;
        ALTER TABLE products ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
        UPDATE products SET search_key = mostrador_fold(code || ' ' || name);
        CREATE INDEX products_by_category ON products (category) WHERE category IS NOT NULL;
        CREATE TRIGGER products_never_deleted BEFORE DELETE ON products BEGIN
          SELECT RAISE(ABORT, 'a product is deactivated, never deleted: sales refer to its code');
        END;

        -- Substring search stays instant at 50 000 products: a trigram index over the folded key, kept by triggers.
        CREATE VIRTUAL TABLE products_search USING fts5(search_key, content = 'products', content_rowid = 'rowid', tokenize = 'trigram');
        INSERT INTO products_search (rowid, search_key) SELECT rowid, search_key FROM products;
        CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
          INSERT INTO products_search (rowid, search_key) VALUES (new.rowid, new.search_key);
        END;
        CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
          INSERT INTO products_search (products_search, rowid, search_key) VALUES ('delete', old.rowid, old.search_key);
        END;
        CREATE TRIGGER products_search_update AFTER UPDATE OF search_key ON products BEGIN
          INSERT INTO products_search (products_search, rowid, search_key) VALUES ('delete', old.rowid, old.search_key);
          INSERT INTO products_search (rowid, search_key) VALUES (new.rowid, new.search_key);
        END;
      `);
    },
  },
  {
    name: 'customers directory (issue 9)',
    up(db) {
      // The directory finds "Peña" when "pena" is typed: a folded copy of the name (lower case, no accents),
      // kept by the store on every write. The identification gets its own index for search by number.
      db.exec(`
        ALTER TABLE customers ADD COLUMN folded_name TEXT NOT NULL DEFAULT '';
        ALTER TABLE customers ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
        UPDATE customers SET created_at = updated_at;
        CREATE INDEX customers_by_identification ON customers (identification);
        CREATE INDEX customers_by_folded_name ON customers (folded_name);
      `);
      const rows = db.prepare<[], { id: number; name: string }>('SELECT id, name FROM customers').all();
      const fold = db.prepare<[string, number]>('UPDATE customers SET folded_name = ? WHERE id = ?');
      for (const row of rows) fold.run(foldText(row.name), row.id);
    },
  },
  {
    name: 'cash tendered and parked sales (issue 9)',
    up(db) {
      // Cash received, the amount asked (rounded to the smallest coin) and the change: stored with the sale and
      // printed, never sent to the service. NULL for sales not paid in cash or from before this version.
      // Parked sales ("Suspender") are open sales in slots of their own, numbered so the cashier can call them back.
      db.exec(`
        ALTER TABLE sales ADD COLUMN cash_received TEXT;
        ALTER TABLE sales ADD COLUMN cash_due TEXT;
        ALTER TABLE sales ADD COLUMN cash_change TEXT;
        ALTER TABLE open_sales ADD COLUMN parked_number INTEGER;
        ALTER TABLE open_sales ADD COLUMN parked_at INTEGER;
        CREATE UNIQUE INDEX open_sales_by_parked_number ON open_sales (parked_number) WHERE parked_number IS NOT NULL;
      `);
    },
  },
  {
    name: 'people, roles and overrides (issue 9)',
    up(db) {
      // A PIN is kept only as a salted scrypt hash. An override keeps the names as they were at the time, so a
      // later rename does not rewrite who approved what. A price override is pending (used_at NULL) until the
      // sale it was given for is charged; it then points at that sale.
      db.exec(`
        CREATE TABLE people (
          id         INTEGER PRIMARY KEY AUTOINCREMENT,
          name       TEXT NOT NULL,
          role       TEXT NOT NULL CHECK (role IN ('owner','cashier')),
          pin_hash   TEXT NOT NULL,
          active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0,1)),
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
        CREATE UNIQUE INDEX people_by_name ON people (name COLLATE NOCASE);

        CREATE TABLE overrides (
          id             INTEGER PRIMARY KEY AUTOINCREMENT,
          at             INTEGER NOT NULL,
          owner_id       INTEGER NOT NULL REFERENCES people(id),
          owner_name     TEXT NOT NULL,
          cashier_id     INTEGER REFERENCES people(id),
          cashier_name   TEXT NOT NULL,
          action         TEXT NOT NULL,
          detail         TEXT NOT NULL,
          open_sale_slot TEXT,
          product_code   TEXT,
          sale_id        INTEGER REFERENCES sales(id),
          used_at        INTEGER
        ) STRICT;
        CREATE INDEX overrides_by_at ON overrides (at);
        CREATE INDEX overrides_pending ON overrides (open_sale_slot, product_code) WHERE used_at IS NULL;
      `);
    },
  },
  {
    name: 'sales per till and cashier (issue 9)',
    up(db) {
      // Each sale keeps the till it was rung up at (id and name as they were) and who sold it, so history can be
      // filtered by till once several tills' sales meet. Older sales take the till id from their reference code
      // and this till's name; their cashier is unknown ('').
      db.exec(`
        ALTER TABLE sales ADD COLUMN till_id TEXT NOT NULL DEFAULT '';
        ALTER TABLE sales ADD COLUMN till_name TEXT NOT NULL DEFAULT '';
        ALTER TABLE sales ADD COLUMN cashier_id INTEGER REFERENCES people(id);
        ALTER TABLE sales ADD COLUMN cashier_name TEXT NOT NULL DEFAULT '';
        UPDATE sales SET
          till_id = CASE WHEN instr(reference_code, '-') > 1 THEN substr(reference_code, 1, instr(reference_code, '-') - 1) ELSE '' END,
          till_name = coalesce((SELECT value FROM settings WHERE key = 'till_name' AND trim(value) <> ''), 'Caja 1');
        CREATE INDEX sales_by_till ON sales (till_id, created_at);
      `);
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
  {
    name: 'history at scale: search indexes (issue 10)',
    up(db) {
      // At 200 000 sales every `LIKE '%…%'` scanned the whole table and every search counted all its matches.
      // - Reference fragments: a trigram index over the reference codes alone (random characters, so short lists).
      // - Buyers: a trigram index over the distinct buyers (name and identification, accents and case ignored),
      //   a few thousand rows however many sales; their sales are then read by identification, newest first.
      // - Invoice number and CUFE: prefix look-ups on B-trees (the number also without its letters).
      // - Each filter: an index whose implicit rowid tail gives newest first without sorting.
      // Triggers keep the indexes, so no writer has to remember them.
      db.exec(`
        ALTER TABLE sales ADD COLUMN payment_means TEXT GENERATED ALWAYS AS (json_extract(payment, '$.means_code')) VIRTUAL;
        CREATE INDEX sales_by_payment_means ON sales (payment_means);
        CREATE INDEX sales_by_cashier ON sales (cashier_id);
        CREATE INDEX sales_by_till_id ON sales (till_id);
        -- A buyer's sales newest first from the index alone (identification, name, then the rowid).
        CREATE INDEX sales_by_buyer ON sales (customer_identification, customer_name);
        CREATE INDEX outbox_by_state_sale ON outbox (state, sale_id);
        CREATE INDEX outbox_by_cufe ON outbox (lower(cufe)) WHERE cufe IS NOT NULL;
        CREATE INDEX outbox_by_number ON outbox (upper(full_number)) WHERE full_number IS NOT NULL;
        CREATE INDEX outbox_by_number_digits ON outbox (ltrim(upper(full_number), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-_ '))
          WHERE full_number IS NOT NULL;

        CREATE VIRTUAL TABLE sales_by_reference USING fts5(
          reference, content = '', contentless_delete = 1, tokenize = 'trigram'
        );
        INSERT INTO sales_by_reference (rowid, reference) SELECT id, reference_code FROM sales;
        CREATE TRIGGER sales_by_reference_insert AFTER INSERT ON sales BEGIN
          INSERT INTO sales_by_reference (rowid, reference) VALUES (NEW.id, NEW.reference_code);
        END;
        CREATE TRIGGER sales_by_reference_update AFTER UPDATE OF reference_code ON sales BEGIN
          DELETE FROM sales_by_reference WHERE rowid = NEW.id;
          INSERT INTO sales_by_reference (rowid, reference) VALUES (NEW.id, NEW.reference_code);
        END;

        CREATE TABLE sale_buyers (
          id             INTEGER PRIMARY KEY,
          identification TEXT NOT NULL,
          name           TEXT NOT NULL,
          UNIQUE (identification, name)
        ) STRICT;
        CREATE VIRTUAL TABLE sale_buyers_search USING fts5(
          name, identification, content = 'sale_buyers', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
        );
        CREATE TRIGGER sale_buyers_search_insert AFTER INSERT ON sale_buyers BEGIN
          INSERT INTO sale_buyers_search (rowid, name, identification) VALUES (NEW.id, NEW.name, NEW.identification);
        END;
        INSERT OR IGNORE INTO sale_buyers (identification, name) SELECT customer_identification, customer_name FROM sales;
        CREATE TRIGGER sale_buyers_on_sale AFTER INSERT ON sales BEGIN
          INSERT OR IGNORE INTO sale_buyers (identification, name) VALUES (NEW.customer_identification, NEW.customer_name);
        END;
        CREATE TRIGGER sale_buyers_on_change AFTER UPDATE OF customer_identification, customer_name ON sales BEGIN
          INSERT OR IGNORE INTO sale_buyers (identification, name) VALUES (NEW.customer_identification, NEW.customer_name);
        END;
      `);
    },
  },
  {
    name: 'reprints (issue 10)',
    up(db) {
      // Every reprint is a COPIA with its own number and time; the original print is never recorded as one.
      // Who asked for it is kept by name as it was, like the overrides.
      db.exec(`
        CREATE TABLE reprints (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          sale_id     INTEGER NOT NULL REFERENCES sales(id) ON DELETE RESTRICT,
          copy_number INTEGER NOT NULL CHECK (copy_number >= 1),
          at          INTEGER NOT NULL,
          fiscal      INTEGER NOT NULL CHECK (fiscal IN (0, 1)),
          person_name TEXT NOT NULL DEFAULT '',
          UNIQUE (sale_id, copy_number)
        ) STRICT;
      `);
    },
  },
  {
    name: 'corrections and their audit (issue 10)',
    up(db) {
      db.exec(CORRECTIONS_SQL);
    },
  },
  {
    name: 'shifts and cash counts (issue 10)',
    up(db) {
      // A shift opens with the drawer's cash and closes with the cash counted by bill and coin; its Z report is
      // frozen at the close (what was validated or pending then), so a reprint says what the first print said.
      // At most one open shift per till. Each sale joins the shift open when it is recorded, by trigger, inside the
      // sale's own transaction: nothing in the charge path can forget it. A closed shift never changes.
      db.exec(`
        CREATE TABLE shifts (
          id             INTEGER PRIMARY KEY AUTOINCREMENT,
          till_id        TEXT NOT NULL,
          till_name      TEXT NOT NULL,
          opened_at      INTEGER NOT NULL,
          opened_by_id   INTEGER REFERENCES people(id),
          opened_by_name TEXT NOT NULL,
          opening_cash   TEXT NOT NULL,
          closed_at      INTEGER,
          closed_by_id   INTEGER REFERENCES people(id),
          closed_by_name TEXT,
          cash_count     TEXT CHECK (cash_count IS NULL OR json_valid(cash_count)),
          counted_cash   TEXT,
          report         TEXT CHECK (report IS NULL OR json_valid(report)),
          CHECK ((closed_at IS NULL) = (counted_cash IS NULL) AND (closed_at IS NULL) = (report IS NULL))
        ) STRICT;
        CREATE UNIQUE INDEX shifts_one_open_per_till ON shifts (till_id) WHERE closed_at IS NULL;
        CREATE INDEX shifts_by_opened_at ON shifts (opened_at);
        CREATE TRIGGER shifts_closed_are_final BEFORE UPDATE ON shifts WHEN OLD.closed_at IS NOT NULL BEGIN
          SELECT RAISE(ABORT, 'a closed shift cannot change');
        END;
        CREATE TRIGGER shifts_never_deleted BEFORE DELETE ON shifts BEGIN
          SELECT RAISE(ABORT, 'a shift is never deleted');
        END;

        ALTER TABLE sales ADD COLUMN shift_id INTEGER REFERENCES shifts(id);
        CREATE INDEX sales_by_shift ON sales (shift_id) WHERE shift_id IS NOT NULL;
        CREATE TRIGGER sales_join_open_shift AFTER INSERT ON sales WHEN NEW.shift_id IS NULL BEGIN
          UPDATE sales SET shift_id = (SELECT id FROM shifts WHERE closed_at IS NULL ORDER BY id DESC LIMIT 1) WHERE id = NEW.id;
        END;
        -- Unsent sales oldest first (the status bar's "waiting since", the close and quit questions).
        CREATE INDEX outbox_unsent_by_created_at ON outbox (created_at) WHERE state IN ('waiting','sending','queued');
      `);
    },
  },
  {
    name: 'print queue (issue 11)',
    up(db) {
      // A printer is another outbox: a job waits here until the printer has taken all of its bytes, through a
      // printer that is off, out of paper or unplugged, and a restart. `once_key` makes "the fiscal receipt of sale
      // N" a job that can exist only once (copies have none). The bytes are built when the job is printed, from
      // the sale as it is then and the printer as it is set up then.
      db.exec(`
        CREATE TABLE print_jobs (
          id              INTEGER PRIMARY KEY AUTOINCREMENT,
          kind            TEXT NOT NULL CHECK (kind IN ('fiscal','provisional','copy','drawer','test','x-report','z-report','z-copy')),
          sale_id         INTEGER REFERENCES sales(id),
          -- The X or Z report's shift (the report kinds); a Z prints once, later prints are copies like a sale's.
          shift_id        INTEGER REFERENCES shifts(id),
          once_key        TEXT UNIQUE,
          state           TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting','printed','dropped')),
          attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
          next_attempt_at INTEGER NOT NULL,
          last_error      TEXT,
          created_at      INTEGER NOT NULL,
          done_at         INTEGER
        ) STRICT;
        CREATE INDEX print_jobs_waiting ON print_jobs (next_attempt_at, id) WHERE state = 'waiting';
        -- Each validation looks for sales validated since automatic printing was switched on.
        CREATE INDEX outbox_validated_at ON outbox (validated_at) WHERE state = 'validated';
      `);
    },
  },
  {
    name: 'quick keys (issue 17)',
    up(db) {
      // The owner's favourite products, one touch away at the counter (a cafetería's tinto, empanada, pan). The
      // order is optional: keys without one follow, by name. The counter reads them through a partial index.
      db.exec(`
        ALTER TABLE products ADD COLUMN quick_key INTEGER NOT NULL DEFAULT 0 CHECK (quick_key IN (0, 1));
        ALTER TABLE products ADD COLUMN quick_key_order INTEGER CHECK (quick_key_order IS NULL OR quick_key_order BETWEEN 1 AND 999);
        CREATE INDEX products_quick_keys ON products (quick_key_order, name COLLATE NOCASE) WHERE quick_key = 1 AND active = 1;
      `);
    },
  },
  {
    name: 'backup runs (issue 18)',
    up(db) {
      // One row per backup attempt: a good copy (checked, renamed into place) or a failure with its reason. The
      // status bar reads the newest good one; a handful of rows a day, so the table stays small.
      db.exec(`
        CREATE TABLE backup_runs (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          started_at  INTEGER NOT NULL,
          finished_at INTEGER NOT NULL,
          reason      TEXT NOT NULL CHECK (reason IN ('daily','shift-close','manual')),
          outcome     TEXT NOT NULL CHECK (outcome IN ('good','failed')),
          file        TEXT,
          encrypted   INTEGER NOT NULL DEFAULT 0 CHECK (encrypted IN (0, 1)),
          counts      TEXT CHECK (counts IS NULL OR json_valid(counts)),
          error_code  TEXT,
          error       TEXT,
          CHECK ((outcome = 'good') = (file IS NOT NULL AND counts IS NOT NULL))
        ) STRICT;
        CREATE INDEX backup_runs_good ON backup_runs (finished_at) WHERE outcome = 'good';
      `);
    },
  },
  {
    name: 'a till that lives for years: counts kept as rows change, bounded logs (issue 18)',
    up(db) {
      // The status bar asked for the outbox by state every second, and at 200 000 sales that read the whole table
      // (`closed` is in no index). The counts are now kept by triggers in the writer's own transaction, one row per
      // service, state and closed-or-not, so reading them costs the same on the first day and after ten years.
      // The request log and finished print jobs are pruned by age; these indexes let a prune find its oldest rows.
      db.exec(`
        CREATE TABLE outbox_counts (
          service TEXT NOT NULL,
          state   TEXT NOT NULL,
          closed  INTEGER NOT NULL CHECK (closed IN (0, 1)),
          n       INTEGER NOT NULL CHECK (n >= 0),
          PRIMARY KEY (service, state, closed)
        ) STRICT, WITHOUT ROWID;
        INSERT INTO outbox_counts (service, state, closed, n)
          SELECT service, state, closed IS NOT NULL, count(*) FROM outbox GROUP BY service, state, closed IS NOT NULL;
        CREATE TRIGGER outbox_counts_on_insert AFTER INSERT ON outbox BEGIN
          INSERT OR IGNORE INTO outbox_counts (service, state, closed, n) VALUES (NEW.service, NEW.state, NEW.closed IS NOT NULL, 0);
          UPDATE outbox_counts SET n = n + 1 WHERE service = NEW.service AND state = NEW.state AND closed = (NEW.closed IS NOT NULL);
        END;
        CREATE TRIGGER outbox_counts_on_update AFTER UPDATE OF state, service, closed ON outbox
        WHEN NEW.state IS NOT OLD.state OR NEW.service IS NOT OLD.service OR (NEW.closed IS NULL) <> (OLD.closed IS NULL)
        BEGIN
          UPDATE outbox_counts SET n = n - 1 WHERE service = OLD.service AND state = OLD.state AND closed = (OLD.closed IS NOT NULL);
          INSERT OR IGNORE INTO outbox_counts (service, state, closed, n) VALUES (NEW.service, NEW.state, NEW.closed IS NOT NULL, 0);
          UPDATE outbox_counts SET n = n + 1 WHERE service = NEW.service AND state = NEW.state AND closed = (NEW.closed IS NOT NULL);
        END;
        CREATE TRIGGER outbox_counts_on_delete AFTER DELETE ON outbox BEGIN
          UPDATE outbox_counts SET n = n - 1 WHERE service = OLD.service AND state = OLD.state AND closed = (OLD.closed IS NOT NULL);
        END;

        CREATE INDEX api_requests_by_at ON api_requests (at);
        CREATE INDEX print_jobs_done ON print_jobs (done_at) WHERE state <> 'waiting';
        CREATE INDEX print_jobs_by_sale ON print_jobs (sale_id) WHERE sale_id IS NOT NULL;
        -- The printer's next job, oldest first: without it the head of the queue was found by reading every job printed.
        CREATE INDEX print_jobs_waiting_in_order ON print_jobs (id) WHERE state = 'waiting';
      `);
    },
  },
  {
    name: 'pin attempts per person (issue 19)',
    up(db) {
      // Wrong PINs are counted per person and kept here, so neither another person's right PIN nor a restart
      // lifts a pause; `paused_until` is an instant (ms), compared with the clock at each check.
      db.exec(`
        CREATE TABLE pin_attempts (
          person_id     INTEGER PRIMARY KEY REFERENCES people(id),
          wrong         INTEGER NOT NULL CHECK (wrong >= 0),
          paused_until  INTEGER NOT NULL DEFAULT 0,
          last_wrong_at INTEGER
        ) STRICT;
      `);
    },
  },
  {
    name: 'voids only of sales the service provably never stored (issue 19)',
    up(db) {
      // A 5xx after a forwarded POST may leave an invoice at the service: attempts say whether they may have
      // reached it, and a void of such a sale needs the service's own "no such document" (void-guard-schema.ts).
      db.exec(VOID_GUARD_SQL);
    },
  },
  {
    name: 'the override log is append-only (issue 19)',
    up(db) {
      // The owner's record of what was allowed must not be rewritten or erased, as for corrections and closed
      // shifts. The one change allowed: a pending price approval of an open sale ends once (used_at set), pointing
      // at the sale that used it with the lines it finally charged.
      db.exec(`
        CREATE TRIGGER overrides_never_deleted BEFORE DELETE ON overrides BEGIN
          SELECT RAISE(ABORT, 'an override record is never deleted');
        END;
        CREATE TRIGGER overrides_append_only BEFORE UPDATE ON overrides
        WHEN OLD.open_sale_slot IS NULL OR OLD.used_at IS NOT NULL OR NEW.used_at IS NULL
          OR (OLD.sale_id IS NOT NULL AND NEW.sale_id IS NOT OLD.sale_id)
          OR (NEW.detail IS NOT OLD.detail AND (NEW.sale_id IS NULL OR OLD.product_code IS NULL))
          OR NEW.id IS NOT OLD.id OR NEW.at IS NOT OLD.at OR NEW.owner_id IS NOT OLD.owner_id
          OR NEW.owner_name IS NOT OLD.owner_name OR NEW.cashier_id IS NOT OLD.cashier_id
          OR NEW.cashier_name IS NOT OLD.cashier_name OR NEW.action IS NOT OLD.action
          OR NEW.open_sale_slot IS NOT OLD.open_sale_slot OR NEW.product_code IS NOT OLD.product_code
        BEGIN
          SELECT RAISE(ABORT, 'an override record cannot change');
        END;
      `);
    },
  },
  {
    name: 'a correcting sale stays in the shift of the sale it corrects (issue 19)',
    up(db) {
      // Its cash was taken in the first sale's shift: the shift open when the correction is made never took it.
      // Corrections already filed under another shift go back to their sale's (a closed shift's Z stays frozen).
      db.exec(`
        DROP TRIGGER sales_join_open_shift;
        CREATE TRIGGER sales_join_open_shift AFTER INSERT ON sales WHEN NEW.shift_id IS NULL AND NEW.corrects_sale_id IS NULL BEGIN
          UPDATE sales SET shift_id = (SELECT id FROM shifts WHERE closed_at IS NULL ORDER BY id DESC LIMIT 1) WHERE id = NEW.id;
        END;
        UPDATE sales SET shift_id = (SELECT f.shift_id FROM sales f WHERE f.id = sales.corrects_sale_id)
        WHERE corrects_sale_id IS NOT NULL AND shift_id IS NOT (SELECT f.shift_id FROM sales f WHERE f.id = sales.corrects_sale_id);
      `);
    },
  },
  {
    name: 'a print job whose bytes all left unconfirmed prints next as a reprint (issue 19)',
    up(db) {
      // Set the moment every byte of a try left for the printer, before its confirmation: a job that has it may
      // already be on paper, so its next print says REIMPRESIÓN (never two originals, also after a crash).
      db.exec(`ALTER TABLE print_jobs ADD COLUMN bytes_left_at INTEGER CHECK (bytes_left_at IS NULL OR bytes_left_at >= 0)`);
    },
  },
  {
    name: 'the shop server: master data versions, offline edits, sales pushed by revision (issue 20)',
    up(db) {
      db.exec(SHOP_SYNC_SQL);
    },
  },
  {
    name: 'a Z report from the shop server printed at this till as a copy (issue 21)',
    up(db) {
      // Tienda prints another till's Z (or this one's, as the server holds it) on this till's receipt printer: the
      // job keeps the Z as the server answered it (JSON), since its shift is not in this till's data.
      db.exec(`ALTER TABLE print_jobs ADD COLUMN report TEXT CHECK (report IS NULL OR (kind = 'z-copy' AND shift_id IS NULL AND json_valid(report)))`);
    },
  },
  {
    name: 'another till\'s sale from the shop server reprinted at this till as a copy (issue 21)',
    up(db) {
      // A new kind of job means new CHECKs, which SQLite cannot alter: the table is rebuilt with its rows and ids.
      // A 'shop-copy' keeps the sale as the server answered it (JSON), since the sale is not in this till's data.
      db.exec(`
        CREATE TABLE print_jobs_new (
          id              INTEGER PRIMARY KEY AUTOINCREMENT,
          kind            TEXT NOT NULL CHECK (kind IN ('fiscal','provisional','copy','drawer','test','x-report','z-report','z-copy','shop-copy')),
          sale_id         INTEGER REFERENCES sales(id),
          shift_id        INTEGER REFERENCES shifts(id),
          once_key        TEXT UNIQUE,
          state           TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting','printed','dropped')),
          attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
          next_attempt_at INTEGER NOT NULL,
          last_error      TEXT,
          created_at      INTEGER NOT NULL,
          done_at         INTEGER,
          bytes_left_at   INTEGER CHECK (bytes_left_at IS NULL OR bytes_left_at >= 0),
          report          TEXT CHECK (report IS NULL OR (kind IN ('z-copy','shop-copy') AND shift_id IS NULL AND sale_id IS NULL AND json_valid(report))),
          CHECK (kind <> 'shop-copy' OR report IS NOT NULL)
        ) STRICT;
        INSERT INTO print_jobs_new (id, kind, sale_id, shift_id, once_key, state, attempts, next_attempt_at, last_error, created_at, done_at, bytes_left_at, report)
          SELECT id, kind, sale_id, shift_id, once_key, state, attempts, next_attempt_at, last_error, created_at, done_at, bytes_left_at, report FROM print_jobs;
        DROP TABLE print_jobs;
        ALTER TABLE print_jobs_new RENAME TO print_jobs;
        CREATE INDEX print_jobs_waiting ON print_jobs (next_attempt_at, id) WHERE state = 'waiting';
        CREATE INDEX print_jobs_done ON print_jobs (done_at) WHERE state <> 'waiting';
        CREATE INDEX print_jobs_by_sale ON print_jobs (sale_id) WHERE sale_id IS NOT NULL;
        CREATE INDEX print_jobs_waiting_in_order ON print_jobs (id) WHERE state = 'waiting';
      `);
    },
  },
  {
    name: 'each sale keeps the shop server\'s clock offset this till knew when it was made (issue 25)',
    up(db) {
      // shop_state.clock_offset_ms: the server's clock minus this till's (ms) as last learnt from its answers (NULL:
      // never heard). A new sale takes it by trigger in its own transaction (a charge and a correction alike, nothing in
      // a handler to forget); the push sends it, and the server's reports place the sale by created_at + offset while
      // created_at here stays this till's own time. Sales from before keep NULL: placed by their own time. A
      // correcting sale keeps the created_at of the sale it corrects (corrections.ts), so it keeps its offset too.
      db.exec(`
        ALTER TABLE shop_state ADD COLUMN clock_offset_ms INTEGER;
        ALTER TABLE sales ADD COLUMN clock_offset_ms INTEGER;
        CREATE TRIGGER sales_keep_clock_offset AFTER INSERT ON sales WHEN NEW.clock_offset_ms IS NULL BEGIN
          UPDATE sales SET clock_offset_ms = CASE WHEN NEW.corrects_sale_id IS NULL
              THEN (SELECT clock_offset_ms FROM shop_state WHERE id = 1)
              ELSE (SELECT f.clock_offset_ms FROM sales f WHERE f.id = NEW.corrects_sale_id) END
           WHERE id = NEW.id;
        END;
      `);
    },
  },
  {
    name: 'sales the shop server cannot take, set aside with their reason; the per-day digest the till heals it by (issue 25)',
    up(db) {
      // A sale that breaks the contract or that the server refuses is set aside at the revision it was refused at (a
      // later revision is tried again), counted in the status bar and listed for the owner: never dropped in silence.
      // The index serves the per-day digest of what the server acknowledged (sales-audit): day, count, Σ revision.
      db.exec(`
        CREATE TABLE shop_unsendable_sales (
          sale_id  INTEGER PRIMARY KEY REFERENCES sales(id),
          revision INTEGER NOT NULL CHECK (revision >= 1),
          reason   TEXT NOT NULL CHECK (reason IN ('contract', 'other_till', 'refused')),
          detail   TEXT NOT NULL CHECK (length(detail) <= 200),
          at       INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX sales_shop_acknowledged ON sales (created_at, shop_pushed_revision) WHERE shop_pushed_revision > 0;
      `);
    },
  },
  {
    name: 'the shop server\'s generation last seen in its change feed: a restored server makes the till read the feed again (issue 25)',
    up(db) {
      db.exec('ALTER TABLE shop_state ADD COLUMN generation TEXT');
    },
  },
  {
    name: 'a shift still open takes the till\'s new name when it is renamed: its X and Z name the till as it is (issue 26)',
    up(db) {
      // One rule wherever the name is written (Settings, a rename at the server, the change feed, pairing): the
      // settings row. Closed shifts keep the name their Z was frozen with; sales keep the number they were made with.
      db.exec(`
        CREATE TRIGGER open_shift_follows_till_name_insert AFTER INSERT ON settings
          WHEN NEW.key = 'till_name' AND trim(NEW.value) <> ''
          BEGIN UPDATE shifts SET till_name = trim(NEW.value) WHERE closed_at IS NULL; END;
        CREATE TRIGGER open_shift_follows_till_name_update AFTER UPDATE OF value ON settings
          WHEN NEW.key = 'till_name' AND trim(NEW.value) <> ''
          BEGIN UPDATE shifts SET till_name = trim(NEW.value) WHERE closed_at IS NULL; END;
      `);
    },
  },
  {
    name: 'records of the shop server\'s change feed this till could not apply, set aside so the rest keeps flowing (issue 27)',
    up(db) {
      // One row per record key: the newest version the feed brought that this till could not apply (a name clash, a
      // rule this store refuses, a record it cannot read), with why and what to do in Spanish. Tried again when the
      // feed brings something or an edit is made here; gone once applied or superseded by a newer version.
      db.exec(`
        CREATE TABLE shop_feed_aside (
          kind        TEXT NOT NULL CHECK (length(kind) <= 20),
          record_key  TEXT NOT NULL CHECK (length(record_key) <= 120),
          seq         INTEGER NOT NULL CHECK (seq >= 0),
          record      TEXT NOT NULL CHECK (json_valid(record)),
          label       TEXT NOT NULL,
          reason_code TEXT NOT NULL CHECK (reason_code IN ('name_clash', 'refused', 'malformed')),
          reason      TEXT NOT NULL,
          action      TEXT NOT NULL,
          detail      TEXT NOT NULL CHECK (length(detail) <= 200),
          since       INTEGER NOT NULL,
          tried_at    INTEGER NOT NULL,
          tries       INTEGER NOT NULL DEFAULT 1 CHECK (tries >= 1),
          PRIMARY KEY (kind, record_key)
        ) STRICT;
      `);
    },
  },
];

export const LATEST_SCHEMA_VERSION = migrations.length;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** One migration about to run: the `step`th of the `of` this start has to run (the file's version becomes `version`). */
export interface MigrationProgress {
  step: number;
  of: number;
  version: number;
  name: string;
}

/**
 * Brings the file up to `target` (default: the latest), one transaction per migration so a failure
 * leaves the file at the last good version. Refuses a file written by a newer Mostrador. `onProgress` hears of
 * each migration before it runs (never when the file is current), so a start that rewrites a year of history says
 * what it is doing instead of looking hung.
 */
export function migrate(
  db: Database.Database,
  opts: { target?: number; list?: readonly Migration[]; onProgress?: (progress: MigrationProgress) => void } = {},
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
  const of = Math.max(0, target - from);
  for (let version = from + 1; version <= target; version++) {
    const migration = list[version - 1];
    if (!migration) break;
    opts.onProgress?.({ step: version - from, of, version, name: migration.name });
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
  return { from, to: Math.max(from, target) };
}
