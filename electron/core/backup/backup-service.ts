/**
 * Backups without the owner thinking of them: the first idle moment of each day (no charge for a couple of
 * minutes) and every shift's close, one copy at a time, never in the way of a charge or of the close itself. Keeps
 * the last good copy in memory so the status bar reads it for free, and records every run in the store.
 */
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { BackupReason, FailedBackup, GoodBackup, Store } from '../store';
import type { BackupPassphrase } from './backup-passphrase';
import { localDay } from './backup-names';
import { BackupFailure, ensureFolder, takeBackup, type TakeBackupOptions, type TakenBackup } from './take-backup';

export const BACKUP_FOLDER_KEY = 'backup_folder';
export const DEFAULT_BACKUP_FOLDER = 'backups';
/** No charge for this long counts as idle. */
export const IDLE_AFTER_MS = 2 * 60_000;
/** After a failure, the daily copy tries again this much later (a drive left unplugged is not retried every minute). */
export const RETRY_AFTER_MS = 60 * 60_000;
const TICK_MS = 60_000;

export type BackupOutcome = { ok: true; backup: TakenBackup } | { ok: false; code: string; message: string };

export interface BackupServiceOptions {
  store: Store;
  dataDir: string;
  passphrase: BackupPassphrase;
  now: () => number;
  log: (line: string) => void;
  /** Tests pass smaller steps or a step probe. */
  take?: Partial<Pick<TakeBackupOptions, 'pagesPerStep' | 'onStep'>>;
}

export interface BackupService {
  folder(): string;
  defaultFolder(): string;
  /** A folder outside the data folder (a USB drive, a synced folder) gets encrypted copies. */
  encrypts(folder?: string): boolean;
  lastGood(): GoodBackup | null;
  lastFailure(): FailedBackup | null;
  running(): boolean;
  /** One copy now (or the one already running). Never throws: the outcome says what happened. */
  run(reason: BackupReason): Promise<BackupOutcome>;
  /** A charge happened: the till is not idle. */
  noteActivity(): void;
  /** The daily check; the timer calls it every minute, tests call it with their clock. */
  tick(): Promise<BackupOutcome | null>;
  start(): void;
  close(): Promise<void>;
}

export function isInsideFolder(parent: string, child: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function createBackupService(opts: BackupServiceOptions): BackupService {
  const { store, now, log } = opts;
  let lastGood = store.lastGoodBackup();
  let lastFailure = store.lastFailedBackup();
  let lastActivity = now();
  let current: Promise<BackupOutcome> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const abort = new AbortController();

  const defaultFolder = () => join(opts.dataDir, DEFAULT_BACKUP_FOLDER);
  const folder = () => store.getSetting(BACKUP_FOLDER_KEY) ?? defaultFolder();
  const encrypts = (f = folder()) => !isInsideFolder(opts.dataDir, f);

  async function once(reason: BackupReason): Promise<BackupOutcome> {
    const startedAt = now();
    try {
      const target = folder();
      if (target === defaultFolder()) await ensureFolder(target);
      let passphrase: string | null = null;
      if (encrypts(target)) {
        passphrase = await opts.passphrase.get().catch((error: unknown) => {
          throw new BackupFailure('NEEDS_PASSPHRASE', `The backup passphrase could not be read from the keychain: ${(error as Error).message}`);
        });
        if (!passphrase) throw new BackupFailure('NEEDS_PASSPHRASE', 'Copies outside the data folder are encrypted: set the backup passphrase in Settings.');
      }
      const backup = await takeBackup({ db: store.database(), stagingDir: opts.dataDir, folder: target, passphrase, now, signal: abort.signal, ...opts.take });
      lastGood = store.recordGoodBackup({ startedAt, reason, file: backup.path, encrypted: backup.encrypted, counts: backup.counts });
      lastFailure = null;
      log(`backup ${backup.file} is good (${backup.counts.sales ?? 0} sales)${backup.removed.length ? `; rotated out ${backup.removed.length}` : ''}`);
      return { ok: true, backup };
    } catch (error) {
      const failure = error instanceof BackupFailure ? error : new BackupFailure('FAILED', error instanceof Error ? error.message : String(error));
      log(`backup failed (${failure.code}): ${failure.message}`);
      if (!closed) {
        try {
          lastFailure = store.recordFailedBackup({ startedAt, reason, code: failure.code, message: failure.message });
        } catch (recordError) {
          log(`the failed backup could not be recorded: ${(recordError as Error).message}`);
        }
      }
      return { ok: false, code: failure.code, message: failure.message };
    }
  }

  function run(reason: BackupReason): Promise<BackupOutcome> {
    if (closed) return Promise.resolve({ ok: false, code: 'ABORTED', message: 'Mostrador is closing.' });
    current ??= once(reason).finally(() => { current = null; });
    return current;
  }

  async function tick(): Promise<BackupOutcome | null> {
    const at = now();
    if (closed || current) return null;
    if (lastGood && localDay(lastGood.at) === localDay(at)) return null;
    if (lastFailure && at - lastFailure.at < RETRY_AFTER_MS) return null;
    if (at - lastActivity < IDLE_AFTER_MS) return null;
    return run('daily');
  }

  return {
    folder, defaultFolder: defaultFolder, encrypts,
    lastGood: () => lastGood,
    lastFailure: () => lastFailure,
    running: () => current !== null,
    run,
    noteActivity() {
      lastActivity = now();
    },
    tick,
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void tick(), TICK_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      abort.abort();
      await current?.catch(() => {});
    },
  };
}
