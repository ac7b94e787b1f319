/** The sandbox's SQLite database: schema, key/value meta and the persisted counters. */
import Database from 'better-sqlite3';

export type SandboxDb = Database.Database;

const SCHEMA_VERSION = 1;

const SCHEMA_V1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE numbering_ranges (
  id TEXT PRIMARY KEY, seq INTEGER NOT NULL, document_type TEXT NOT NULL, prefix TEXT NOT NULL,
  from_number INTEGER NOT NULL, to_number INTEGER NOT NULL, next_number INTEGER NOT NULL,
  resolution TEXT NOT NULL, resolution_date TEXT NOT NULL, start_date TEXT NOT NULL, end_date TEXT NOT NULL
);
CREATE TABLE tokens (
  jti TEXT PRIMARY KEY, client_id TEXT NOT NULL, issued_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE documents (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, client_id TEXT NOT NULL,
  reference_code TEXT NOT NULL, range_id TEXT NOT NULL REFERENCES numbering_ranges(id),
  request_json TEXT NOT NULL, totals_json TEXT NOT NULL,
  status TEXT NOT NULL, stage TEXT NOT NULL,
  number INTEGER, full_number TEXT, issued_at INTEGER, cufe TEXT, qr_url TEXT, qr_image TEXT,
  errors_json TEXT NOT NULL DEFAULT '[]', signed_xml TEXT,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
  UNIQUE (client_id, reference_code)
);
CREATE INDEX documents_by_client ON documents (client_id, seq);
CREATE INDEX documents_by_status ON documents (status);
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY, client_id TEXT NOT NULL, url TEXT NOT NULL, secret TEXT NOT NULL, created_at INTEGER NOT NULL
);
`;

/** The page cache's bound, in KiB. */
const SANDBOX_PAGE_CACHE_KIB = 2048;

/** Opens (and if needed creates) the database; ':memory:' for tests, a file path to survive restarts. */
export function openSandboxDb(location: string): SandboxDb {
  const db = new Database(location);
  if (location !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 2000');
  // The demo service runs inside the till's own process (browser mode and the app's demo): its page cache would
  // otherwise be better-sqlite3's 16 MB, filled by its own documents (QR images included) as the demo sells, a
  // megabyte and more of the till's memory per hundred sales. The file is small and the OS caches it anyway.
  db.pragma(`cache_size = -${SANDBOX_PAGE_CACHE_KIB}`);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    db.close();
    throw new Error(`sandbox database has schema version ${version}, newer than this sandbox (${SCHEMA_VERSION})`);
  }
  if (version < 1) {
    db.transaction(() => {
      db.exec(SCHEMA_V1);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }
  return db;
}

export function readMeta(db: SandboxDb, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

/** Returns the stored value, creating it on first use so it stays stable for the life of the database. */
export function metaOrCreate(db: SandboxDb, key: string, create: () => string): string {
  const existing = readMeta(db, key);
  if (existing !== null) return existing;
  db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(key, create());
  return readMeta(db, key) as string;
}

export function bumpCounter(db: SandboxDb, name: string, by = 1): void {
  db.prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value').run(name, by);
}

export function readCounters(db: SandboxDb): Map<string, number> {
  const rows = db.prepare('SELECT name, value FROM counters').all() as Array<{ name: string; value: number }>;
  return new Map(rows.map((r) => [r.name, r.value]));
}

export function resetCounters(db: SandboxDb): void {
  db.prepare('DELETE FROM counters').run();
}
