/**
 * One writer per data folder (issue 25), for the shop server and for the till. A process that writes a data folder
 * first takes its lock and holds it for its whole life; a second process on the same folder is refused at once,
 * before it writes anything there, and told who holds it.
 *
 * The lock is an operating-system lock, so it dies with its process: a crash or a SIGKILL never leaves a stale lock.
 * Node has no flock, so it is SQLite's own file lock (already in our dependencies through better-sqlite3): an empty
 * SQLite file, `mostrador.lock`, on which one connection holds an EXCLUSIVE transaction open (fcntl record locks on
 * Linux and macOS, LockFileEx on Windows; the kernel drops both when the process ends). Nothing is ever written in it
 * (journal in memory, no statement but BEGIN), so it stays 0 bytes; it is never deleted, because deleting a lock file
 * lets two processes lock two different files of the same name.
 *
 * Beside it, `mostrador.lock.json` says who holds it (pid, program, since when, host name). It is only information
 * for the refusal message: the lock alone decides. The holder writes it once locked and removes it when it lets go;
 * after a crash an old one stays, and is simply replaced by the next holder.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

export const LOCK_FILE = 'mostrador.lock';
export const LOCK_OWNER_FILE = 'mostrador.lock.json';
/** The exit code of a start refused because another process holds the data folder. */
export const EXIT_FOLDER_IN_USE = 3;

/** Which of our programs holds a folder: the servers and the one-off commands that write a folder. */
export type LockProgram = 'shop server' | 'shop dump' | 'till' | 'till restore';

export interface LockOwner {
  pid: number;
  program: LockProgram;
  /** ms since the epoch */
  startedAt: number;
  host: string;
}

export interface DataFolderLock {
  /** The folder, as an absolute path. */
  folder: string;
  owner: LockOwner;
  /** Lets go of the folder (idempotent). The process's end lets go too. */
  release(): void;
}

/** Refused: another process holds the folder. `owner` is null when it has not said who it is (yet). */
export class DataFolderInUse extends Error {
  readonly code = 'DATA_FOLDER_IN_USE';
  constructor(readonly folder: string, readonly owner: LockOwner | null, message = inUseText(folder, owner)) {
    super(message);
    this.name = 'DataFolderInUse';
  }
}

/**
 * A lock that a live holder has could still be seen busy for a moment by a start racing it; SQLite's busy handler
 * retries within this bound, which stays well under what a person notices.
 */
const BUSY_TIMEOUT_MS = 200;
/**
 * Every lock this process holds. better-sqlite3 closes a connection nobody references when it is garbage-collected,
 * which would let go of the folder in silence; held here, a lock lasts until release() or the process's end.
 */
const HELD = new Set<Database.Database>();

/** How long a refused start waits for a holder that has just locked to write its owner record. */
const OWNER_WAIT_MS = 1_000;

export interface LockOptions {
  now?: () => number;
  pid?: number;
  host?: string;
}

/**
 * Takes the folder's lock for this process, or throws DataFolderInUse naming the holder. The folder must exist.
 * A refused call writes nothing in the folder (it opens the existing lock file and reads the owner record).
 */
export function lockDataFolder(dir: string, program: LockProgram, opts: LockOptions = {}): DataFolderLock {
  const folder = resolve(dir);
  const lockPath = join(folder, LOCK_FILE);
  let db: Database.Database;
  try {
    db = new Database(lockPath, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new Error(`cannot open the lock file ${lockPath}: ${messageOf(error)}`);
  }
  try {
    // No journal file: nothing is written, and nothing is left beside the lock file after a crash.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
    // Kept even if the transaction ever ended: the connection gives its lock back only when it closes.
    db.pragma('locking_mode = EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataFolderInUse(folder, waitForOwner(folder));
    throw new Error(`cannot lock the data folder ${folder}: ${messageOf(error)}`);
  }
  const owner: LockOwner = { pid: opts.pid ?? process.pid, program, startedAt: (opts.now ?? Date.now)(), host: opts.host ?? hostname() };
  try {
    const ownerPath = join(folder, LOCK_OWNER_FILE);
    // Whole or not at all: a refused start may read it at any moment.
    writeFileSync(`${ownerPath}.tmp`, `${JSON.stringify(owner, null, 2)}\n`);
    renameSync(`${ownerPath}.tmp`, ownerPath);
  } catch (error) {
    db.close();
    throw new Error(`cannot write the lock's owner record in ${folder}: ${messageOf(error)}`);
  }
  HELD.add(db);
  let held = true;
  return {
    folder,
    owner,
    release() {
      if (!held) return;
      held = false;
      // Removed while still locked, so it is never a newer holder's record that goes.
      rmSync(join(folder, LOCK_OWNER_FILE), { force: true });
      HELD.delete(db);
      db.close();
    },
  };
}

/** Who holds the folder according to its owner record; null when there is none, it is unreadable, or it is stale. */
export function readLockOwner(dir: string): LockOwner | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(resolve(dir), LOCK_OWNER_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (!isOwner(parsed)) return null;
  // A record left by a holder that died: the process is gone from this machine.
  if (parsed.host === hostname() && !processExists(parsed.pid)) return null;
  return parsed;
}

/** The holder's record; a holder that locked a moment ago may not have written it yet, so a refusal waits briefly. */
function waitForOwner(folder: string): LockOwner | null {
  const deadline = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    const owner = readLockOwner(folder);
    if (owner || Date.now() >= deadline) return owner;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

const PROGRAM_TEXT: Record<LockProgram, string> = {
  'shop server': 'un servidor de la tienda',
  'shop dump': 'un volcado de la tienda (npm run shop:dump)',
  till: 'una caja de Mostrador',
  'till restore': 'una restauración de la caja (npm run restore)',
};

/** Local date and time, to the second (2026-11-28 16:42:10). */
export function localTimeText(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * The owner's words, in Spanish like the server's commands (issue 27); the till words it its own way
 * (electron/data-folder-text.ts).
 */
function inUseText(folder: string, owner: LockOwner | null): string {
  const who = owner
    ? `${PROGRAM_TEXT[owner.program] ?? owner.program} (proceso ${owner.pid}${owner.host === hostname() ? '' : ` en el equipo ${owner.host}`}, en marcha desde ${localTimeText(owner.startedAt)})`
    : 'otro proceso (aún no ha dicho cuál)';
  return `la carpeta de datos ${folder} la está usando ${who}; una carpeta de datos, un solo proceso: detenga ese primero, o use otra carpeta`;
}

function isOwner(value: unknown): value is LockOwner {
  const v = value as Partial<LockOwner> | null;
  return typeof v === 'object' && v !== null && Number.isInteger(v.pid) && typeof v.program === 'string'
    && typeof v.startedAt === 'number' && typeof v.host === 'string';
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED';
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
