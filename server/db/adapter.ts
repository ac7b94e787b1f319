/**
 * The one thing the shop server knows of its database: run a statement, run a transaction. Two implementations
 * speak the same PostgreSQL dialect: embedded PGlite in a folder (a small shop installs nothing) and a real
 * PostgreSQL through `pg` (`--database-url`). Numbers come back as JS numbers for bigint columns (all within
 * Number.MAX_SAFE_INTEGER by the contract), numeric amounts as text, jsonb as parsed values.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[]; rowCount: number }>;
  /** Several statements without parameters (schema changes). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** "pglite" or "postgresql", for the start-up line and the health of the logs. */
  readonly kind: 'pglite' | 'postgresql';
  /** Whether a commit this server answers is on disk, as checked at open; the start output says it. */
  readonly durability: Durability;
  /** The embedded store only: its whole data folder as a gzipped tarball (PGlite's own dump, see dump/). */
  dumpDataDir?(): Promise<Blob>;
}

export interface Durability {
  /** True when a committed write is synced to disk before the commit returns. */
  onDisk: boolean;
  /** The settings read at open (fsync, synchronous_commit, …), by name. */
  settings: Record<string, string>;
  /** A few words for the start line. */
  summary: string;
  /** Set when `onDisk` is false: a plain warning for the start output, saying what to do. */
  warning?: string;
}
