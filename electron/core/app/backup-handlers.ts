/**
 * Settings → Copias de seguridad: where copies go, a copy now, and restoring one in two steps (inspect, then
 * confirm). Restoring replaces the open data file: the shell's `reopen` closes the till, swaps the files and opens
 * it again through the normal start; without one the swap waits for the next start.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupStatusDto, RestorePreviewDto } from '../../../shared/backup';
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { BackupPassphrase } from '../backup/backup-passphrase';
import { parseCopyName } from '../backup/backup-names';
import { BACKUP_FOLDER_KEY, type BackupService } from '../backup/backup-service';
import { discardInspected, inspectCopy, markForRestore, RestoreRefused, type InspectedCopy } from '../backup/restore';
import type { AppContext } from './app-context';
import { secretStateOf } from './secret-state';

type BackupMethods = 'backup.status' | 'backup.configure' | 'backup.run' | 'backup.inspect' | 'backup.restore';

export interface RestoreTarget {
  dataDir: string;
  dataFile: string;
  /** Closes the till, swaps in the marked copy and opens it again; absent = restart to finish. */
  reopen?: () => Promise<void>;
}

export function backupHandlers(
  ctx: Pick<AppContext, 'store' | 'log' | 'credentials' | 'jobs'>,
  backups: BackupService,
  passphrase: BackupPassphrase,
  target: RestoreTarget,
): Pick<BridgeHandlers, BackupMethods> {
  // One inspected copy at a time, named by a token the confirm step must bring back.
  let inspected: { token: string; copy: InspectedCopy } | null = null;

  async function status(): Promise<BackupStatusDto> {
    const folder = backups.folder();
    const stored = await passphrase.get().then((p) => p !== null, () => false);
    const names = await readdir(folder).catch(() => [] as string[]);
    const copies = names.map(parseCopyName).filter((c) => c !== null)
      .sort((a, b) => b.stamp.localeCompare(a.stamp))
      .map((c) => ({ path: join(folder, c.file), file: c.file, encrypted: c.encrypted }));
    const last = backups.lastGood();
    return {
      folder, defaultFolder: backups.defaultFolder(), encrypts: backups.encrypts(folder), passphraseStored: stored,
      lastGood: last ? { at: last.at, file: last.file, encrypted: last.encrypted, counts: last.counts } : null,
      lastFailure: backups.lastFailure(), running: backups.running(), progress: backups.progress(), copies,
    };
  }

  const refused = (error: unknown): never => {
    if (error instanceof RestoreRefused) {
      const field = error.code === 'NEEDS_PASSPHRASE' || error.code === 'WRONG_PASSPHRASE' ? 'passphrase' : 'file';
      throw new BridgeFailure(error.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'INVALID_INPUT', error.message, { [field]: error.code });
    }
    throw error;
  };

  return {
    'backup.status': status,
    'backup.configure': async ({ folder, passphrase: given }) => {
      const chosen = folder ?? backups.defaultFolder();
      if (folder !== null && !(await readdir(folder).then(() => true, () => false))) {
        throw invalidField('folder', 'FOLDER_MISSING');
      }
      if (backups.encrypts(chosen) && given === undefined && !(await passphrase.get().catch(() => null))) {
        throw invalidField('passphrase', 'NEEDS_PASSPHRASE');
      }
      if (given !== undefined) await passphrase.set(given);
      ctx.store.setSetting(BACKUP_FOLDER_KEY, chosen);
      return status();
    },
    'backup.run': async ({ job }) => {
      await backups.run('manual', job);
      return status();
    },
    'backup.inspect': async ({ file, passphrase: given, job: jobId }) => {
      if (inspected) await discardInspected(inspected.copy);
      inspected = null;
      // An encrypted copy of this till opens with the stored passphrase unless another is typed.
      const phrase = given ?? (await passphrase.get().catch(() => null));
      // Reading and checking the copy replace nothing: stoppable throughout (the staged file is removed).
      const job = ctx.jobs?.start({ ...(jobId ? { id: jobId } : {}), kind: 'restore', phase: 'reading', unit: 'bytes', total: null, cancellable: true });
      let phase = 'reading';
      const copy = await inspectCopy(file, {
        dataDir: target.dataDir, passphrase: phrase,
        ...(job ? { signal: job.signal } : {}),
        onProgress: (now, done, total) => {
          if (now !== phase) job?.phase((phase = now), total);
          job?.progress(done, total);
        },
      }).then((c) => { job?.finish(); return c; }, (error: unknown) => {
        if (error instanceof RestoreRefused && error.code === 'CANCELLED') job?.cancelled();
        else job?.failed(error instanceof RestoreRefused ? error.code : 'FAILED');
        return refused(error);
      });
      const token = randomBytes(16).toString('base64url');
      inspected = { token, copy };
      const c = copy.contents;
      const preview: RestorePreviewDto = {
        token, source: copy.source, encrypted: copy.encrypted, takenAt: copy.takenAt, schemaVersion: c.schemaVersion,
        sales: c.sales, lastSaleNumber: c.lastSaleNumber, lastSaleAt: c.lastSaleAt, closedShifts: c.closedShifts,
        customers: c.customers, products: c.products,
      };
      return preview;
    },
    'backup.restore': async ({ token, job: jobId }) => {
      if (!inspected || inspected.token !== token) {
        throw new BridgeFailure('NOT_FOUND', 'That copy is no longer waiting to be restored: read it again first.', { token: 'EXPIRED' });
      }
      // An import writes to the data file from its own worker: a restore now would swap the file under it.
      const importing = ctx.jobs?.running().find((j) => j.kind === 'catalog.import' || j.kind === 'customers.import');
      if (importing) {
        throw new BridgeFailure('UNAVAILABLE', 'An import is writing to this till\'s data: wait for it to finish or cancel it, then restore.', undefined, 'IMPORT_RUNNING');
      }
      const { copy } = inspected;
      inspected = null;
      // Writing: the copy is marked and swapped in. Never stoppable (a half-made swap is what startup must finish),
      // so the job says so from its first report and `jobs.cancel` answers false.
      const job = ctx.jobs?.start({ ...(jobId ? { id: jobId } : {}), kind: 'restore', phase: 'writing', unit: 'items', total: 2, cancellable: false });
      try {
        // The copy's till sent to a real service: its secret is in that till's keychain, and here only if entered here.
        const service = copy.contents.service;
        const secretNeeded = service !== null && (await secretStateOf(ctx.credentials, service)).secretState !== 'stored';
        await markForRestore(copy, target.dataDir, target.dataFile);
        job?.progress(1);
        ctx.log(`restoring the backup ${copy.source} (${copy.contents.sales} sales)`);
        if (!target.reopen) {
          job?.progress(2);
          job?.finish();
          return { replacedFile: null, reopened: false, secretNeeded };
        }
        await target.reopen();
        job?.progress(2);
        job?.finish();
        const replaced = (await readdir(target.dataDir)).filter((n) => n.startsWith(`${target.dataFile}.replaced-`) && !/-(wal|shm)$/.test(n)).sort().at(-1);
        return { replacedFile: replaced ? join(target.dataDir, replaced) : null, reopened: true, secretNeeded };
      } catch (error) {
        job?.failed((error instanceof Error ? error.message : String(error)).slice(0, 2000));
        throw error;
      }
    },
  };
}
