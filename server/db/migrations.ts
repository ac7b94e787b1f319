/**
 * Forward-only schema changes, one list, the same SQL on PGlite and PostgreSQL. A migration's position is the
 * version it produces (index 0 → version 1), recorded in `schema_migrations`. Never edit or reorder a released
 * migration: add a new one. A database from a newer server is refused with a clear message.
 *
 * Master data (products, customers, people, settings, tills) lives in versioned tables: `version` counts the
 * record's edits (the compare-and-set of offline commands), `seq` is the shop-wide change sequence of its last
 * change (the tills' feed cursor), drawn from `change_seq` by writers that hold the feed lock (see master-data.ts),
 * so seqs become visible in order and a till never skips one.
 */
import type { PushedSale } from '../../shared/shop/contract';
import { saleFigures } from '../store/sale-figures';
import { writeSaleFigures } from '../store/sales';
import type { Database, Queryable } from './adapter';

export interface Migration {
  name: string;
  up(tx: Queryable): Promise<void>;
}

export const migrations: readonly Migration[] = [
  {
    name: 'shop, tills, pairing, master data, commands, sales, shifts',
    async up(tx) {
      await tx.exec(`
        CREATE SEQUENCE change_seq;

        CREATE TABLE shop (
          id          TEXT PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
          singleton   BOOLEAN NOT NULL DEFAULT TRUE UNIQUE CHECK (singleton),
          name        TEXT NOT NULL,
          upload_id   TEXT,
          upload_done BOOLEAN NOT NULL DEFAULT FALSE,
          created_at  BIGINT NOT NULL
        );

        CREATE TABLE tills (
          id         TEXT PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
          number     INTEGER NOT NULL UNIQUE CHECK (number BETWEEN 1 AND 999),
          name       TEXT NOT NULL,
          public_key TEXT NOT NULL UNIQUE,
          revoked    BOOLEAN NOT NULL DEFAULT FALSE,
          paired_at  BIGINT NOT NULL,
          revoked_at BIGINT,
          version    BIGINT NOT NULL,
          seq        BIGINT NOT NULL
        );
        CREATE INDEX tills_by_seq ON tills (seq);

        -- Only a hash of each code: the code itself lives in the server's memory for its ten minutes.
        CREATE TABLE pairing_codes (
          code_hash  TEXT PRIMARY KEY,
          created_at BIGINT NOT NULL,
          expires_at BIGINT NOT NULL,
          used_at    BIGINT,
          used_by    TEXT REFERENCES tills (id)
        );

        CREATE TABLE nonces (
          till_id TEXT NOT NULL REFERENCES tills (id),
          nonce   TEXT NOT NULL,
          seen_at BIGINT NOT NULL,
          PRIMARY KEY (till_id, nonce)
        );
        CREATE INDEX nonces_by_seen_at ON nonces (seen_at);

        -- Master data, one shape: the record as the contract carries it (without version) in \`data\`.
        CREATE TABLE products (
          key        TEXT PRIMARY KEY,
          data       JSONB NOT NULL,
          version    BIGINT NOT NULL,
          seq        BIGINT NOT NULL,
          updated_at BIGINT NOT NULL
        );
        CREATE INDEX products_by_seq ON products (seq);

        -- key: identification type and number ("31:900123456"), the pair a till keeps unique.
        CREATE TABLE customers (
          key        TEXT PRIMARY KEY,
          data       JSONB NOT NULL,
          version    BIGINT NOT NULL,
          seq        BIGINT NOT NULL,
          updated_at BIGINT NOT NULL
        );
        CREATE INDEX customers_by_seq ON customers (seq);

        -- A person's PIN only as its salted scrypt hash (the check refuses anything else).
        CREATE TABLE people (
          key        TEXT PRIMARY KEY CHECK (key ~ '^[0-9a-f]{32}$'),
          data       JSONB NOT NULL CHECK (data->>'pinHash' LIKE 'scrypt$%'),
          version    BIGINT NOT NULL,
          seq        BIGINT NOT NULL,
          updated_at BIGINT NOT NULL
        );
        CREATE INDEX people_by_seq ON people (seq);

        CREATE TABLE settings (
          key        TEXT PRIMARY KEY,
          data       JSONB NOT NULL,
          version    BIGINT NOT NULL,
          seq        BIGINT NOT NULL,
          updated_at BIGINT NOT NULL
        );
        CREATE INDEX settings_by_seq ON settings (seq);

        -- An offline edit is decided once: a resent command id answers what was decided the first time.
        CREATE TABLE commands (
          id           TEXT PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
          till_id      TEXT NOT NULL REFERENCES tills (id),
          kind         TEXT NOT NULL,
          record_key   TEXT NOT NULL,
          base_version BIGINT,
          made_at      BIGINT NOT NULL,
          data         JSONB NOT NULL,
          outcome      TEXT NOT NULL CHECK (outcome IN ('applied', 'conflict', 'refused')),
          version      BIGINT,
          reason       TEXT,
          decided_at   BIGINT NOT NULL
        );
        CREATE INDEX commands_by_till ON commands (till_id, decided_at);

        -- A sale as its till last told it (the highest revision); the columns are what reports aggregate.
        CREATE TABLE sales (
          reference_code TEXT PRIMARY KEY,
          till_id        TEXT NOT NULL REFERENCES tills (id),
          sale_number    BIGINT NOT NULL,
          revision       BIGINT NOT NULL,
          created_at     BIGINT NOT NULL,
          shift_id       BIGINT,
          cashier_name   TEXT NOT NULL,
          total          NUMERIC(19, 4) NOT NULL,
          state          TEXT NOT NULL,
          validated_at   BIGINT,
          corrects       TEXT,
          corrected_by   TEXT,
          data           JSONB NOT NULL,
          received_at    BIGINT NOT NULL
        );
        CREATE INDEX sales_by_created_at ON sales (created_at);
        CREATE INDEX sales_by_till ON sales (till_id, created_at);
        CREATE INDEX sales_by_till_shift ON sales (till_id, shift_id);

        CREATE TABLE shifts (
          till_id      TEXT NOT NULL REFERENCES tills (id),
          shift_id     BIGINT NOT NULL,
          opened_at    BIGINT NOT NULL,
          opened_by    TEXT NOT NULL,
          opening_cash NUMERIC(19, 4) NOT NULL,
          closed_at    BIGINT NOT NULL,
          closed_by    TEXT NOT NULL,
          counted_cash NUMERIC(19, 4) NOT NULL,
          report       JSONB NOT NULL,
          received_at  BIGINT NOT NULL,
          PRIMARY KEY (till_id, shift_id)
        );
        CREATE INDEX shifts_by_closed_at ON shifts (closed_at);
      `);
    },
  },
  {
    name: 'back office: sale figures, lines and taxes, search indexes, owners\' wrong PINs',
    async up(tx) {
      // pg_trgm ships with Debian's postgresql and with PGlite (loaded in pglite.ts); it is a trusted extension, so
      // a database's owner may create it.
      await tx.exec(`
        CREATE EXTENSION IF NOT EXISTS pg_trgm;

        ALTER TABLE sales
          ADD COLUMN payment_means           TEXT,
          ADD COLUMN customer_name           TEXT,
          ADD COLUMN customer_identification TEXT,
          ADD COLUMN full_number             TEXT,
          ADD COLUMN invoice_digits          TEXT,
          ADD COLUMN cufe                    TEXT,
          ADD COLUMN gross                   NUMERIC(19, 4),
          ADD COLUMN discount                NUMERIC(19, 4),
          ADD COLUMN tax_total               NUMERIC(19, 4),
          ADD COLUMN search_text             TEXT;

        -- A sale's lines and taxes as its latest revision has them, figures by shared/money.ts (sale-figures.ts).
        CREATE TABLE sale_lines (
          reference_code TEXT NOT NULL REFERENCES sales (reference_code) ON DELETE CASCADE,
          line_no        INTEGER NOT NULL,
          till_id        TEXT NOT NULL,
          created_at     BIGINT NOT NULL,
          code           TEXT NOT NULL,
          name           TEXT NOT NULL,
          quantity       NUMERIC NOT NULL,
          price          NUMERIC NOT NULL,
          discount_rate  NUMERIC NOT NULL,
          base           NUMERIC(19, 4) NOT NULL,
          discount       NUMERIC(19, 4) NOT NULL,
          line_amount    NUMERIC(19, 4) NOT NULL,
          tax_total      NUMERIC(19, 4) NOT NULL,
          payable        NUMERIC(19, 4) NOT NULL,
          PRIMARY KEY (reference_code, line_no)
        );
        CREATE INDEX sale_lines_by_created_at ON sale_lines (created_at);

        CREATE TABLE sale_taxes (
          reference_code TEXT NOT NULL REFERENCES sales (reference_code) ON DELETE CASCADE,
          till_id        TEXT NOT NULL,
          created_at     BIGINT NOT NULL,
          code           TEXT NOT NULL,
          rate           NUMERIC NOT NULL,
          taxable        NUMERIC(19, 4) NOT NULL,
          amount         NUMERIC(19, 4) NOT NULL
        );
        CREATE INDEX sale_taxes_by_reference ON sale_taxes (reference_code);
        CREATE INDEX sale_taxes_by_created_at ON sale_taxes (created_at);

        -- Wrong back-office PINs per person (a restart does not lift a pause), like the till's pin_attempts.
        CREATE TABLE back_office_pin_attempts (
          person_key   TEXT PRIMARY KEY,
          wrong        INTEGER NOT NULL,
          paused_until BIGINT NOT NULL
        );
      `);
      await backfillSaleFigures(tx);
      await tx.exec(`
        ALTER TABLE sales ALTER COLUMN payment_means SET NOT NULL, ALTER COLUMN customer_name SET NOT NULL,
          ALTER COLUMN customer_identification SET NOT NULL, ALTER COLUMN gross SET NOT NULL, ALTER COLUMN discount SET NOT NULL,
          ALTER COLUMN tax_total SET NOT NULL, ALTER COLUMN search_text SET NOT NULL;
        -- History's ways of matching (sale-history.ts), each an index: the sale number, the invoice number from its
        -- start (with or without its prefix letters), the buyer's identification, the CUFE's start, fragments.
        CREATE INDEX sales_by_number ON sales (sale_number);
        -- In the C collation whatever the database's: a prefix LIKE and the index's order then agree.
        CREATE INDEX sales_by_invoice ON sales ((upper(full_number) COLLATE "C")) WHERE full_number IS NOT NULL;
        CREATE INDEX sales_by_invoice_digits ON sales ((invoice_digits COLLATE "C")) WHERE invoice_digits IS NOT NULL;
        CREATE INDEX sales_by_cufe ON sales ((cufe COLLATE "C")) WHERE cufe IS NOT NULL;
        CREATE INDEX sales_by_identification ON sales (customer_identification, created_at);
        CREATE INDEX sales_by_fragment ON sales USING gin (search_text gin_trgm_ops);
        -- The DIAN's backlog: few rows whatever the shop's age.
        CREATE INDEX sales_not_validated ON sales (created_at) WHERE state IN ('waiting', 'sending', 'queued', 'needs_attention');
      `);
    },
  },
  {
    name: 'tills\' clocks: each till\'s offset from the server\'s clock, and sales placed by the corrected time (issue 25)',
    async up(tx) {
      // clock_offset_ms = server clock − till clock (ms), as the till last reported it on its signed change feed.
      // A sale's created_at (and its lines' and taxes') is from now on the time the reports place it at: the till's
      // own time corrected by the offset the till knew then (sales.clock_offset_ms, NULL: none known); `data` keeps
      // the till's own createdAt. Sales pushed before this migration had no offset and keep their time.
      await tx.exec(`
        ALTER TABLE tills ADD COLUMN clock_offset_ms BIGINT, ADD COLUMN clock_seen_at BIGINT;
        ALTER TABLE sales ADD COLUMN clock_offset_ms BIGINT;
      `);
    },
  },
  {
    name: 'the tills heal the server: per-day digests that differ, sales a till cannot push (issue 25)',
    async up(tx) {
      await tx.exec(`
        -- A day of a till's sales whose digest at the till differs from the server's: "en revisión" until they agree.
        CREATE TABLE till_audit_days (
          till_id          TEXT NOT NULL REFERENCES tills (id),
          day              DATE NOT NULL,
          till_count       BIGINT NOT NULL,
          till_revisions   BIGINT NOT NULL,
          server_count     BIGINT NOT NULL,
          server_revisions BIGINT NOT NULL,
          checked_at       BIGINT NOT NULL,
          PRIMARY KEY (till_id, day)
        );
        -- The digests read a till's sales by its own time (created_at holds the corrected one): an index-only scan.
        CREATE INDEX sales_by_till_own_time ON sales (till_id, (created_at - coalesce(clock_offset_ms, 0))) INCLUDE (revision);
        -- What a till said with its last audit of the sales it holds and cannot push (listed for the owner).
        CREATE TABLE till_unsendable (
          till_id     TEXT PRIMARY KEY REFERENCES tills (id),
          count       BIGINT NOT NULL CHECK (count >= 0),
          sales       JSONB NOT NULL,
          reported_at BIGINT NOT NULL
        );
      `);
    },
  },
  {
    name: 'shop generation: a new value on every restore, so tills read the change feed again from its start',
    async up(tx) {
      // The feed's seqs of a restored server are behind the tills' cursors: a till that sees another generation in
      // the feed's answer forgets its cursor (server/backup/restore.ts sets a new one; see shared/shop/contract.ts).
      await tx.exec(`
        ALTER TABLE shop ADD COLUMN generation TEXT;
        UPDATE shop SET generation = replace(gen_random_uuid()::text, '-', '');
      `);
    },
  },
  {
    name: 'the back office\'s change signal in the database, the same for every server process (issue 27)',
    async up(tx) {
      // Moved (nextval) after each push that stored sales or shifts commits; read as its last value. A sequence: no
      // row lock between concurrent pushes, and never rolled back.
      await tx.exec('CREATE SEQUENCE IF NOT EXISTS sales_signal');
    },
  },
  {
    name: 'state any server process shares (issue 27): sealed pairing codes, back-office sessions, wrong pairing proofs by source',
    async up(tx) {
      // See docs/shop-server-shared-state.md. A code is kept as a keyed lookup hash plus the code sealed (AES-256-GCM)
      // under a key only the server's processes hold; codes from before (SHA-256 only, the code in one process's
      // memory) cannot be opened and simply expire. Sessions are kept as their token's SHA-256.
      await tx.exec(`
        ALTER TABLE pairing_codes ADD COLUMN sealed TEXT, ADD COLUMN key_id TEXT;
        CREATE INDEX pairing_codes_open ON pairing_codes (expires_at) WHERE used_at IS NULL;

        -- Plain HTTP on 127.0.0.1 only (no TLS key to derive from): the sealing secret of that mode. See the docs.
        CREATE TABLE server_secrets (
          name       TEXT PRIMARY KEY,
          value      TEXT NOT NULL,
          created_at BIGINT NOT NULL
        );

        CREATE TABLE back_office_sessions (
          token_hash   TEXT PRIMARY KEY,
          person_key   TEXT NOT NULL,
          name         TEXT NOT NULL,
          version      BIGINT NOT NULL,
          opened_at    BIGINT NOT NULL,
          last_used_at BIGINT NOT NULL
        );
        CREATE INDEX back_office_sessions_by_person ON back_office_sessions (person_key);

        -- Each proof checked, until it is known right (then deleted): the wrong ones of the last minute, by source.
        CREATE TABLE pairing_attempts (
          id     BIGSERIAL PRIMARY KEY,
          source TEXT NOT NULL,
          at     BIGINT NOT NULL
        );
        CREATE INDEX pairing_attempts_by_at ON pairing_attempts (at);
        CREATE INDEX pairing_attempts_by_source ON pairing_attempts (source, at);
      `);
    },
  },
  {
    name: 'feed records a till could not apply and set aside, as the till last reported them (issue 27)',
    async up(tx) {
      await tx.query(`
        CREATE TABLE till_feed_aside (
          till_id     TEXT PRIMARY KEY REFERENCES tills (id),
          count       BIGINT NOT NULL CHECK (count >= 0),
          records     JSONB NOT NULL,
          reported_at BIGINT NOT NULL
        );
      `);
    },
  },
  {
    name: 'server processes with their heartbeat; when each till last spoke',
    async up(tx) {
      // Issue 27: each running server process writes its row and beats every ~15 s (server/store/server-processes.ts),
      // so `npm run server -- status` lists the processes on one database and which stopped beating. A till's
      // last_seen_at is written at most once a minute per till per process (server/store/till-seen.ts).
      await tx.exec(`
        CREATE TABLE server_processes (
          id         TEXT PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
          pid        INTEGER NOT NULL,
          host       TEXT NOT NULL,
          addresses  JSONB NOT NULL DEFAULT '[]'::jsonb,
          version    TEXT NOT NULL,
          contract   INTEGER NOT NULL,
          started_at BIGINT NOT NULL,
          beat_at    BIGINT NOT NULL,
          stopped_at BIGINT
        );
        ALTER TABLE tills ADD COLUMN last_seen_at BIGINT;
      `);
    },
  },
  {
    name: 'one invoicing account for the shop: its rate budget per client id and the tills\' leases of it (issue 28)',
    async up(tx) {
      // The client id itself is not stored: a till names its account by a hash of the service's address and client id.
      await tx.exec(`
        CREATE TABLE rate_budgets (
          account_key  TEXT PRIMARY KEY CHECK (account_key ~ '^[0-9a-f]{64}$'),
          rate_limit   INTEGER NOT NULL CHECK (rate_limit BETWEEN 1 AND 100000),
          window_ms    INTEGER NOT NULL CHECK (window_ms BETWEEN 1000 AND 3600000),
          reduced      DOUBLE PRECISION,
          reduced_at   BIGINT,
          cut_at       BIGINT NOT NULL DEFAULT 0,
          rate_limited BIGINT NOT NULL DEFAULT 0,
          updated_at   BIGINT NOT NULL
        );
        CREATE TABLE rate_leases (
          id          BIGSERIAL PRIMARY KEY,
          account_key TEXT NOT NULL REFERENCES rate_budgets (account_key),
          till_id     TEXT NOT NULL REFERENCES tills (id),
          granted_at  BIGINT NOT NULL,
          expires_at  BIGINT NOT NULL,
          granted     INTEGER NOT NULL CHECK (granted BETWEEN 0 AND 1000),
          used        INTEGER CHECK (used BETWEEN 0 AND granted),
          returned_at BIGINT,
          holds_until BIGINT NOT NULL
        );
        CREATE INDEX rate_leases_counted ON rate_leases (account_key, holds_until);
      `);
    },
  },
  {
    // Issue 28: the shop's confirmations. The service's credentials at the server (the secret in the server machine's
    // keychain, never here), the documents the tills wait on, one confirming process per account (a lease), ids heard
    // of before they were watched. The server takes permits from the shop's budget too: its leases are not a till's.
    name: 'service account, watched documents, confirmation leader',
    async up(tx) {
      await tx.exec(`
        ALTER TABLE rate_leases DROP CONSTRAINT IF EXISTS rate_leases_till_id_fkey;
        CREATE SEQUENCE service_account_version;
        CREATE TABLE service_account (
          singleton   BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
          service_url TEXT NOT NULL,
          client_id   TEXT NOT NULL,
          account_key TEXT NOT NULL CHECK (account_key ~ '^[0-9a-f]{64}$'),
          state       TEXT NOT NULL CHECK (state IN ('set', 'refused')),
          refused_at  BIGINT,
          version     BIGINT NOT NULL,
          updated_at  BIGINT NOT NULL
        );
        CREATE TABLE service_watch (
          reference_code TEXT PRIMARY KEY,
          till_id        TEXT NOT NULL REFERENCES tills (id),
          account_key    TEXT NOT NULL,
          document_id    TEXT NOT NULL,
          queued_at      BIGINT NOT NULL,
          watched_at     BIGINT NOT NULL,
          next_look_at   BIGINT NOT NULL,
          looks          INTEGER NOT NULL DEFAULT 0,
          prompt         BOOLEAN NOT NULL DEFAULT FALSE,
          status         TEXT,
          final          BOOLEAN NOT NULL DEFAULT FALSE,
          outcome        JSONB,
          seen_at        BIGINT,
          seq            BIGINT,
          version        INTEGER NOT NULL DEFAULT 0,
          settled        BOOLEAN NOT NULL DEFAULT FALSE
        );
        CREATE INDEX service_watch_feed ON service_watch (seq) WHERE seq IS NOT NULL;
        CREATE INDEX service_watch_waiting ON service_watch (account_key, next_look_at) WHERE NOT final AND NOT settled;
        CREATE INDEX service_watch_document ON service_watch (document_id);
        CREATE TABLE service_watchers (
          till_id       TEXT PRIMARY KEY REFERENCES tills (id),
          account_key   TEXT NOT NULL,
          last_watch_at BIGINT NOT NULL,
          confirming    BOOLEAN NOT NULL
        );
        CREATE TABLE service_heard (
          document_id TEXT PRIMARY KEY,
          heard_at    BIGINT NOT NULL
        );
        CREATE TABLE confirm_leader (
          account_key TEXT PRIMARY KEY,
          holder      TEXT NOT NULL,
          expires_at  BIGINT NOT NULL,
          since       BIGINT NOT NULL
        );
      `);
    },
  },
  {
    name: 'the invoicing service\'s webhooks heard at the server: its configuration, each event once, counters (issue 28)',
    async up(tx) {
      // No secret here: the signing secret and the path token live in the server machine's OS keychain.
      await tx.exec(`
        CREATE TABLE service_webhook_config (
          singleton       BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
          adapter         TEXT NOT NULL CHECK (adapter IN ('sandbox', 'manual')),
          public_url      TEXT NOT NULL,
          registration_id TEXT,
          signed          BOOLEAN NOT NULL,
          configured_at   BIGINT NOT NULL
        );
        CREATE TABLE service_webhook_events (
          event_id    TEXT PRIMARY KEY,
          received_at BIGINT NOT NULL,
          document_id TEXT NOT NULL,
          type        TEXT NOT NULL,
          verified    BOOLEAN NOT NULL
        );
        CREATE INDEX service_webhook_events_by_age ON service_webhook_events (received_at);
        CREATE TABLE service_webhook_counters (
          singleton         BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
          received          BIGINT NOT NULL DEFAULT 0,
          replayed          BIGINT NOT NULL DEFAULT 0,
          last_received_at  BIGINT,
          refused_signature BIGINT NOT NULL DEFAULT 0,
          refused_too_old   BIGINT NOT NULL DEFAULT 0,
          refused_malformed BIGINT NOT NULL DEFAULT 0,
          refused_busy      BIGINT NOT NULL DEFAULT 0
        );
        INSERT INTO service_webhook_counters (singleton) VALUES (TRUE);
      `);
    },
  },
  {
    name: 'the confirming process\'s learned timing of the service, kept across restarts and takeovers (issue 28)',
    async up(tx) {
      await tx.exec(`
        CREATE TABLE confirm_timing (
          account_key   TEXT PRIMARY KEY,
          first_look_ms BIGINT NOT NULL,
          settle_ms     BIGINT NOT NULL,
          samples       BIGINT NOT NULL,
          updated_at    BIGINT NOT NULL
        );
      `);
    },
  },
];

export class SchemaTooNewError extends Error {}

/**
 * Brings the schema up to date, each migration in its own transaction; two servers starting at once take turns.
 * Forward only, and safe while other server processes serve tills on the same database (issue 27): a migration
 * holds its locks for its own transaction only, so a push waits for it and then goes on, never lost
 * (test/integration/server/migration-while-pushing.postgres.test.ts). `list`: tests only (a pending migration).
 */
export async function migrate(db: Database, now: () => number = Date.now, list: readonly Migration[] = migrations): Promise<number> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  for (;;) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(2001)');
      const { rows } = await tx.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
      const current = rows[0]?.v ?? 0;
      if (current > list.length) {
        throw new SchemaTooNewError(`la base de datos está en la versión ${current} del esquema, más nueva que la que conoce este servidor (${list.length}): `
          + 'ponga en marcha la versión nueva del servidor (los cambios del esquema van solo hacia adelante)');
      }
      const next = list[current];
      if (!next) return true;
      await next.up(tx);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [current + 1, next.name, now()]);
      return false;
    });
    if (done) return list.length;
  }
}

/** Sales pushed before migration 2 get their figures, lines and taxes, a thousand at a time. */
async function backfillSaleFigures(tx: Queryable): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await tx.query<{ reference_code: string; till_id: string; data: PushedSale }>(
      'SELECT reference_code, till_id, data FROM sales WHERE reference_code > $1 ORDER BY reference_code LIMIT 1000', [after]);
    if (rows.length === 0) return;
    const sales = rows.map((r) => ({ referenceCode: r.reference_code, tillId: r.till_id, sale: r.data, figures: saleFigures(r.data) }));
    const columns = sales.map(({ referenceCode, figures: { lines: _l, taxes: _t, ...c } }) => ({ reference_code: referenceCode, ...c }));
    await tx.query(
      `UPDATE sales s SET payment_means = x.payment_means, customer_name = x.customer_name, customer_identification = x.customer_identification,
              full_number = x.full_number, invoice_digits = x.invoice_digits, cufe = x.cufe, gross = x.gross::numeric,
              discount = x.discount::numeric, tax_total = x.tax_total::numeric, search_text = x.search_text
         FROM jsonb_to_recordset($1::jsonb) AS x(reference_code text, payment_means text, customer_name text, customer_identification text,
              full_number text, invoice_digits text, cufe text, gross text, discount text, tax_total text, search_text text)
        WHERE s.reference_code = x.reference_code`,
      [JSON.stringify(columns)],
    );
    await writeSaleFigures(tx, sales);
    after = rows.at(-1)!.reference_code;
  }
}
