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
import type { Job, Jobs } from '../app/jobs';
import type { JobProgressDto } from '../../../shared/progress';

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
  /**
   * Long work's registry (issue 29): every copy, whoever started it, is a `backup` job whose progress the screens
   * hear and which `jobs.cancel` stops while it is cancellable. Read at each run (the registry may be made later).
   */
  jobs?: () => Jobs | undefined;
}

export interface BackupService {
  folder(): string;
  defaultFolder(): string;
  /** A folder outside the data folder (a USB drive, a synced folder) gets encrypted copies. */
  encrypts(folder?: string): boolean;
  lastGood(): GoodBackup | null;
  lastFailure(): FailedBackup | null;
  running(): boolean;
  /**
   * One copy now (or the one already running). Never throws: the outcome says what happened. `jobId`: the screen's
   * id for this copy's progress (ignored when a copy is already running: the screen follows that one, see progress()).
   */
  run(reason: BackupReason, jobId?: string): Promise<BackupOutcome>;
  /** The running copy's last progress report, null when none runs (a screen opened mid-copy shows its bar). */
  progress(): JobProgressDto | null;
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

  let job: Job | null = null;

  async function once(reason: BackupReason, jobId?: string): Promise<BackupOutcome> {
    const startedAt = now();
    // Stopped by the owner (the job's cancel) or by Mostrador closing: the copy removes its partial file either way.
    const stop = new AbortController();
    const closing = () => stop.abort('closing');
    abort.signal.addEventListener('abort', closing);
    job = opts.jobs?.()?.start({ ...(jobId ? { id: jobId } : {}), kind: 'backup', phase: 'copying', unit: 'bytes', total: null, cancellable: true }) ?? null;
    const thisJob = job;
    // A cancel may come while the job's first report is heard (before this line): an aborted signal fires no event.
    if (thisJob?.signal.aborted) stop.abort('cancelled');
    else thisJob?.signal.addEventListener('abort', () => stop.abort('cancelled'));
    let phase = 'copying';
    const onProgress: TakeBackupOptions['onProgress'] = (step) => {
      if (!thisJob) return;
      // Never a report that says "cancellable" for a step that is not: going uncancellable is said before the phase.
      if (!step.cancellable) thisJob.setCancellable(false);
      if (step.phase !== phase) {
        phase = step.phase;
        thisJob.phase(step.phase, step.total);
      }
      if (step.cancellable) thisJob.setCancellable(true);
      thisJob.progress(step.done, step.total);
    };
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
      const backup = await takeBackup({ db: store.database(), stagingDir: opts.dataDir, folder: target, passphrase, now, signal: stop.signal, onProgress, log, ...opts.take });
      lastGood = store.recordGoodBackup({ startedAt, reason, file: backup.path, encrypted: backup.encrypted, counts: backup.counts });
      lastFailure = null;
      log(`backup ${backup.file} is good (${backup.counts.sales ?? 0} sales)${backup.removed.length ? `; rotated out ${backup.removed.length}` : ''}`);
      thisJob?.finish();
      return { ok: true, backup };
    } catch (error) {
      let failure = error instanceof BackupFailure ? error : new BackupFailure('FAILED', error instanceof Error ? error.message : String(error));
      if (failure.code === 'ABORTED' && stop.signal.reason === 'cancelled') {
        // The owner stopped it: not a failure (no warning, no retry an hour later); the earlier copies are as they were.
        failure = new BackupFailure('CANCELLED', 'The copy was cancelled; the partial file was removed and the earlier copies are untouched.');
        log(`backup cancelled (${failure.message})`);
        thisJob?.cancelled();
        return { ok: false, code: failure.code, message: failure.message };
      }
      log(`backup failed (${failure.code}): ${failure.message}`);
      thisJob?.failed(failure.code);
      if (!closed) {
        try {
          lastFailure = store.recordFailedBackup({ startedAt, reason, code: failure.code, message: failure.message });
        } catch (recordError) {
          log(`the failed backup could not be recorded: ${(recordError as Error).message}`);
        }
      }
      return { ok: false, code: failure.code, message: failure.message };
    } finally {
      abort.signal.removeEventListener('abort', closing);
      if (job === thisJob) job = null;
    }
  }

  function run(reason: BackupReason, jobId?: string): Promise<BackupOutcome> {
    if (closed) return Promise.resolve({ ok: false, code: 'ABORTED', message: 'Mostrador is closing.' });
    current ??= once(reason, jobId).finally(() => { current = null; });
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
    progress: () => (job ? opts.jobs?.()?.running().find((p) => p.jobId === job!.id) ?? null : null),
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
