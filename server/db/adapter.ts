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
  /**
   * PostgreSQL only: notifications between the server processes sharing this database (LISTEN/NOTIFY). Absent on
   * PGlite, whose one process wakes its own waiters in memory.
   */
  readonly notifications?: Notifications;
}

/** `LISTEN/NOTIFY` between processes: what one process sends, every process listening on the database receives. */
export interface Notifications {
  /** Sends `payload` on `channel` now (outside any transaction: call it after the commit). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Listens on `channels` through a connection of its own, reconnecting when it drops. `back` is called once that
   * connection is listening again: whatever was sent meanwhile is lost, so the caller wakes everyone to re-read.
   * Rejects when the first connection cannot be made.
   */
  listen(channels: readonly string[], handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
}

export interface ListenHandlers {
  message(channel: string, payload: string): void;
  /** The listening connection was lost (a reconnection is under way). */
  lost(reason: string): void;
  /** Listening again after a loss. */
  back(): void;
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
