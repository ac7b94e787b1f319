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
];

export class SchemaTooNewError extends Error {}

/** Brings the schema up to date, each migration in its own transaction; two servers starting at once take turns. */
export async function migrate(db: Database, now: () => number = Date.now): Promise<number> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  for (;;) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(2001)');
      const { rows } = await tx.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
      const current = rows[0]?.v ?? 0;
      if (current > migrations.length) {
        throw new SchemaTooNewError(`the database is at schema version ${current}, newer than this server knows (${migrations.length}); run a newer server`);
      }
      const next = migrations[current];
      if (!next) return true;
      await next.up(tx);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [current + 1, next.name, now()]);
      return false;
    });
    if (done) return migrations.length;
  }
}
