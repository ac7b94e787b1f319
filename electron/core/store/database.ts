import Database from 'better-sqlite3';
import { StoreError } from './errors';

/** The page cache's bound, in KiB (see openDatabase). */
export const PAGE_CACHE_KIB = 4096;

/**
 * Opens the data file with the settings every connection needs. A sale is acknowledged only after its
 * commit is on disk: WAL with synchronous=FULL makes each commit survive power loss, not just a crash.
 */
export function openDatabase(path: string): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(path);
  } catch (error) {
    throw new StoreError(`The data file could not be opened: ${(error as Error).message}`, { cause: error });
  }
  try {
    db.pragma('busy_timeout = 5000'); // another process (a backup, a second window) may hold the lock briefly
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // better-sqlite3's build defaults to a 16 MB page cache per connection, which a long-lived till fills by searching
    // years of history; the operating system caches the file anyway, so 4 MB keeps the hot pages (the outbox's
    // unsent rows, the latest sales, the indexes' upper levels) and bounds the process's memory.
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    return db;
  } catch (error) {
    db.close();
    throw new StoreError(`The data file could not be prepared: ${(error as Error).message}`, { cause: error });
  }
}
