/**
 * One copy of the till's data file, taken while it sells: SQLite's online backup through the connection that
 * writes (so a sale committed mid-copy is carried into the copy rather than restarting it), a few pages per step
 * so the event loop, and with it a charge, never waits more than a few milliseconds. The copy is checked
 * (integrity_check, row counts against the source at the copy's moment), encrypted when it leaves the data
 * folder, made durable and only then renamed to its final name; the folder is then rotated.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { TableCounts } from '../store/backup-runs';
import { encryptFile, decryptFile } from './backup-crypto';
import { copyFileName, partialFileName } from './backup-names';
import { BadCopyError, countMainTables } from './copy-check';
import { checkCopyOffThread } from './copy-check-thread';
import { removePartials, removeQuietly, renameDurably } from './durable-file';
import { DEFAULT_ROTATION, planRotation, type RotationPolicy } from './rotation';

/**
 * 16 pages of 4 KiB per step, measured on the shared test machine: median step 0.1 ms (64 pages: 0.5 ms). The
 * longest steps (10–30 ms, about 1 in 100) are the copy's own page cache spilling to disk with an fsync, whatever
 * the step size; only a copy in a worker thread would take those off the event loop.
 */
export const DEFAULT_PAGES_PER_STEP = 16;

export type BackupFailureCode =
  | 'FOLDER_MISSING' | 'NEEDS_PASSPHRASE' | 'COPY_CORRUPT' | 'COPY_INCOMPLETE' | 'COPY_UNREADABLE' | 'DISK_FULL' | 'ABORTED' | 'CANCELLED' | 'FAILED';

/**
 * A copy's steps (issue 29), each counted in bytes of the data file: `copying` (SQLite's online backup, page by page),
 * `checking` (integrity check and counts: one step, not measured), `encrypting` and `verifying` (the sealed copy read
 * back) for a copy outside the data folder, then `saving` (the rename to its final name and the rotation). Until
 * `saving` a stop removes the partial file and leaves every earlier copy as it was; `saving` cannot be stopped.
 */
export type BackupPhase = 'copying' | 'checking' | 'encrypting' | 'verifying' | 'saving';
export interface BackupStep { phase: BackupPhase; done: number; total: number; cancellable: boolean }

export class BackupFailure extends Error {
  override readonly name = 'BackupFailure';
  constructor(readonly code: BackupFailureCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface TakeBackupOptions {
  /** The store's own connection (a copy through another connection restarts at every write). */
  db: Database.Database;
  /** Where a plain copy is staged before encryption: the data folder, never the removable drive. */
  stagingDir: string;
  folder: string;
  /** Encrypt with this passphrase (copies outside the data folder); null = plain copy. */
  passphrase: string | null;
  now: () => number;
  pagesPerStep?: number;
  rotation?: RotationPolicy;
  signal?: AbortSignal;
  /** Told how long each step held the event loop (tests and the benchmark). */
  onStep?: (ms: number) => void;
  /** Told when the copy's check could not run on its worker thread (it then runs on this one). */
  log?: (line: string) => void;
  /** Where the copy is (BackupStep): at each phase's start, after each copy step and each chunk encrypted or read back. */
  onProgress?: (step: BackupStep) => void;
}

export interface TakenBackup {
  file: string;
  path: string;
  takenAt: number;
  encrypted: boolean;
  counts: TableCounts;
  removed: string[];
}

const unique = (): string => `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

async function exists(path: string): Promise<boolean> {
  return access(path).then(() => true, () => false);
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function classify(error: unknown): BackupFailure {
  if (error instanceof BackupFailure) return error;
  if (error instanceof BadCopyError) return new BackupFailure(error.code, error.message, { cause: error });
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOSPC') return new BackupFailure('DISK_FULL', `There is no room left for the copy: ${message}`, { cause: error });
  return new BackupFailure('FAILED', `The copy could not be made: ${message}`, { cause: error });
}

export async function takeBackup(opts: TakeBackupOptions): Promise<TakenBackup> {
  const encrypted = opts.passphrase !== null;
  if (!(await exists(opts.folder))) {
    throw new BackupFailure('FOLDER_MISSING', `The backup folder ${opts.folder} is not there (is the drive connected?).`);
  }
  await removePartials(opts.folder);
  if (encrypted) await removePartials(opts.stagingDir);

  let takenAt = opts.now();
  let file = copyFileName(takenAt, encrypted);
  // Two copies in one second (a shift closed right after a manual copy): the second takes the next free second.
  while (await exists(join(opts.folder, file))) file = copyFileName((takenAt += 1000), encrypted);
  const suffix = unique();
  const plainTemp = join(encrypted ? opts.stagingDir : opts.folder, partialFileName(file, suffix));
  const sealedTemp = join(opts.folder, partialFileName(file, `${suffix}.enc`));
  const pages = opts.pagesPerStep ?? DEFAULT_PAGES_PER_STEP;
  const pageSize = Number(opts.db.pragma('page_size', { simple: true }));
  const stopIfAsked = () => {
    if (opts.signal?.aborted) throw new BackupFailure('ABORTED', 'The copy was stopped.');
  };
  const report = (phase: BackupPhase, done: number, total: number) => opts.onProgress?.({ phase, done, total, cancellable: phase !== 'saving' });
  try {
    let stepStart = performance.now();
    let copyBytes = Number(opts.db.pragma('page_count', { simple: true })) * pageSize;
    report('copying', 0, copyBytes);
    await opts.db.backup(plainTemp, {
      progress: ({ totalPages, remainingPages }) => {
        opts.onStep?.(performance.now() - stepStart);
        stopIfAsked();
        copyBytes = totalPages * pageSize;
        report('copying', (totalPages - remainingPages) * pageSize, copyBytes);
        stepStart = performance.now();
        return pages;
      },
    });
    // The last step ends the copy without a call to progress: its end is said here.
    report('copying', copyBytes, copyBytes);
    stopIfAsked();
    // The continuation runs right after the last step, before any other request: these are the copy's counts.
    const expected = countMainTables(opts.db);
    // The copy inherits WAL mode; a backup file is one self-contained file, so it goes back to a rollback journal.
    const copy = new Database(plainTemp);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const size = (await stat(plainTemp)).size;
    report('checking', 0, size);
    // integrity_check reads the whole copy in one call: on a worker thread, so a charge never waits for it.
    const counts = await checkCopyOffThread(plainTemp, expected, opts.log);
    report('checking', size, size);
    stopIfAsked();
    const finalPath = join(opts.folder, file);
    if (encrypted) {
      let done = 0;
      report('encrypting', 0, size);
      await encryptFile(plainTemp, sealedTemp, opts.passphrase as string, undefined, (chunk) => {
        stopIfAsked();
        report('encrypting', (done += chunk.length), size);
      });
      // The sealed copy must decrypt to exactly the checked plain copy before it may count.
      const hash = createHash('sha256');
      done = 0;
      report('verifying', 0, size);
      await decryptFile(sealedTemp, null, opts.passphrase as string, (chunk) => {
        stopIfAsked();
        hash.update(chunk);
        report('verifying', (done += chunk.length), size);
      });
      if (hash.digest('hex') !== (await sha256Of(plainTemp))) throw new BackupFailure('COPY_CORRUPT', 'The encrypted copy does not read back as the copy it was made from.');
      // From here the copy is saved: said first (no stop is taken after it), then a stop asked before it is honoured.
      report('saving', 0, size);
      stopIfAsked();
      await removeQuietly(plainTemp);
      await renameDurably(sealedTemp, finalPath, opts.folder);
    } else {
      report('saving', 0, size);
      stopIfAsked();
      await renameDurably(plainTemp, finalPath, opts.folder);
    }
    report('saving', size, size);
    const plan = planRotation(await readdir(opts.folder), opts.rotation ?? DEFAULT_ROTATION);
    await Promise.all(plan.remove.map((name) => removeQuietly(join(opts.folder, name))));
    return { file, path: finalPath, takenAt, encrypted, counts, removed: plan.remove };
  } catch (error) {
    await removeQuietly(plainTemp);
    await removeQuietly(`${plainTemp}-journal`);
    await removeQuietly(sealedTemp);
    throw classify(error);
  }
}

/** The default folder: `backups/` inside the data folder (plain: it is as private as the data file itself). */
export async function ensureFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
}
