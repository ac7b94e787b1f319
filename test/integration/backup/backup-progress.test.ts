/**
 * Issue 29, a backup and a restore show their progress: on a real SQLite data file, a copy reports its phases in
 * bytes of the data file, each phase counting up without going back and ending at its total; a cancel removes the
 * partial file and leaves the earlier copies as they were (and is not a failure); a restore's reading can be
 * cancelled (nothing replaced), its writing cannot (jobs.cancel answers false while it writes). Through the composed
 * app (real data folder, real keychain): the `job.progress` events the screens hear.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../electron/core/store';
import { takeBackup, type BackupStep } from '../../../electron/core/backup/take-backup';
import { inspectCopy } from '../../../electron/core/backup/restore';
import { checkCopyOffThread } from '../../../electron/core/backup/copy-check-thread';
import { checkCopy } from '../../../electron/core/backup/copy-check';
import { DATA_FILE } from '../../../electron/compose';
import type { JobProgressDto } from '../../../shared/progress';
import { consumidorFinal } from '../../../shared/customer';
import { sampleSale } from '../../support/sample-sale';
import { CASH, ITEMS, startAppRig, type AppRig } from '../app/app-rig';

const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
const scratch: string[] = [];
let rig: AppRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose file holds `n` sales (a few MB: many copy steps). */
function seeded(n: number): (dataDir: string) => void {
  return (dataDir) => {
    const store = openStore({ path: join(dataDir, DATA_FILE) });
    store.database().transaction(() => { for (let i = 0; i < n; i++) store.recordSale(sampleSale(i)); })();
    store.close();
  };
}

/** A data folder whose catalog holds `n` products (a few MB, and nothing for the till to send when it starts). */
function catalog(n: number): (dataDir: string) => void {
  return (dataDir) => {
    const store = openStore({ path: join(dataDir, DATA_FILE) });
    store.upsertProducts(Array.from({ length: n }, (_, i) => ({
      code: `P-${i}`, name: `Producto de prueba número ${i} con un nombre largo`, barcode: String(7700000000000 + i), price: '1000',
      unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0',
    })));
    store.close();
  };
}

/** Every phase's reports count up from their first to exactly their total. */
function eachPhaseClimbs(steps: Array<{ phase: string; done: number; total: number | null }>): void {
  const phases = [...new Set(steps.map((s) => s.phase))];
  for (const phase of phases) {
    const mine = steps.filter((s) => s.phase === phase);
    const total = mine.at(-1)!.total;
    for (let i = 1; i < mine.length; i++) expect(mine[i]!.done).toBeGreaterThanOrEqual(mine[i - 1]!.done);
    expect(mine.at(-1)!.done).toBe(total);
  }
}

const jobEvents = (r: AppRig, jobId: string): JobProgressDto[] =>
  r.events.filter((e) => e.event === 'job.progress' && e.payload.jobId === jobId).map((e) => e.payload as JobProgressDto);

describe('a backup\'s progress on a real SQLite file', () => {
  it('an encrypted copy goes copying → checking → encrypting → verifying → saving, each from 0 up to the data file\'s bytes; only saving cannot be stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-backup-progress-'));
    scratch.push(dir);
    seeded(3000)(dir);
    const store = openStore({ path: join(dir, DATA_FILE) });
    try {
      const folder = join(dir, 'usb');
      mkdirSync(folder);
      const steps: BackupStep[] = [];
      const taken = await takeBackup({ db: store.database(), stagingDir: dir, folder, passphrase: 'la tienda de doña Rosa', now: Date.now, onProgress: (s) => steps.push(s) });
      expect([...new Set(steps.map((s) => s.phase))]).toEqual(['copying', 'checking', 'encrypting', 'verifying', 'saving']);
      const pageBytes = statSync(join(dir, DATA_FILE)).size;
      const copying = steps.filter((s) => s.phase === 'copying');
      // Many steps of 16 pages, in bytes of the data file (its WAL's pages are copied as part of the database).
      expect(copying.length).toBeGreaterThan(10);
      expect(copying.at(-1)!.total).toBeGreaterThanOrEqual(pageBytes - 4096 * 16);
      eachPhaseClimbs(steps);
      expect(steps.filter((s) => s.phase !== 'saving').every((s) => s.cancellable)).toBe(true);
      expect(steps.filter((s) => s.phase === 'saving').every((s) => !s.cancellable)).toBe(true);
      expect(readdirSync(folder)).toEqual([taken.file]);
    } finally {
      store.close();
    }
  });

  it('stopped mid-copy: the partial file is removed and the earlier copy is untouched, byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-backup-cancel-'));
    scratch.push(dir);
    seeded(3000)(dir);
    const store = openStore({ path: join(dir, DATA_FILE) });
    try {
      const folder = join(dir, 'backups');
      mkdirSync(folder);
      const earlier = await takeBackup({ db: store.database(), stagingDir: dir, folder, passphrase: null, now: () => Date.now() - 86_400_000 });
      const before = readFileSync(earlier.path);
      const stop = new AbortController();
      let seenInFolder: string[] = [];
      const attempt = takeBackup({
        db: store.database(), stagingDir: dir, folder, passphrase: null, now: Date.now, signal: stop.signal,
        onProgress: (s) => {
          // Half-way through the pages: the partial file is there, then the stop is asked.
          if (s.phase === 'copying' && s.done > s.total / 2 && !stop.signal.aborted) {
            seenInFolder = readdirSync(folder);
            stop.abort();
          }
        },
      });
      await expect(attempt).rejects.toMatchObject({ code: 'ABORTED' });
      expect(seenInFolder.some((n) => n.startsWith('.partial-'))).toBe(true);
      expect(readdirSync(folder)).toEqual([earlier.file]);
      expect(readFileSync(earlier.path).equals(before)).toBe(true);
    } finally {
      store.close();
    }
  });

  it('a restore\'s reading reports bytes of the copy up to its size, and stopped while reading leaves nothing staged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-restore-progress-'));
    scratch.push(dir);
    seeded(3000)(dir);
    const store = openStore({ path: join(dir, DATA_FILE) });
    const folder = join(dir, 'backups');
    mkdirSync(folder);
    const taken = await takeBackup({ db: store.database(), stagingDir: dir, folder, passphrase: null, now: Date.now });
    store.close();
    const restoreDir = join(dir, 'restore');
    mkdirSync(restoreDir);
    const seen: Array<{ phase: string; done: number; total: number }> = [];
    const copy = await inspectCopy(taken.path, { dataDir: restoreDir, passphrase: null, onProgress: (phase, done, total) => seen.push({ phase, done, total }) });
    expect(copy.contents.sales).toBe(3000);
    expect([...new Set(seen.map((s) => s.phase))]).toEqual(['reading', 'checking']);
    expect(seen.find((s) => s.phase === 'reading')!.total).toBe(statSync(taken.path).size);
    eachPhaseClimbs(seen);

    const stop = new AbortController();
    const cancelled = inspectCopy(taken.path, {
      dataDir: restoreDir, passphrase: null, signal: stop.signal,
      onProgress: (phase, done) => { if (phase === 'reading' && done > 0) stop.abort(); },
    });
    await expect(cancelled).rejects.toMatchObject({ code: 'CANCELLED' });
    // Only the first inspection's staged copy is there (nothing of the cancelled one).
    expect(readdirSync(restoreDir)).toEqual([copy.staged.split('/').at(-1)]);
  });
});

describe('a copy\'s check, off the core\'s thread', () => {
  it('runs on its worker (timers keep firing, no fallback said) and gives checkCopy\'s verdicts: good, incomplete, damaged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-check-thread-'));
    scratch.push(dir);
    seeded(3000)(dir);
    const store = openStore({ path: join(dir, DATA_FILE) });
    const folder = join(dir, 'backups');
    mkdirSync(folder);
    const taken = await takeBackup({ db: store.database(), stagingDir: dir, folder, passphrase: null, now: Date.now });
    store.close();
    const logged: string[] = [];
    let ticks = 0;
    const timer = setInterval(() => { ticks += 1; }, 0);
    const counts = await checkCopyOffThread(taken.path, taken.counts, (line) => logged.push(line));
    clearInterval(timer);
    expect(logged).toEqual([]);
    expect(ticks).toBeGreaterThan(0);
    expect(counts).toEqual(checkCopy(taken.path, taken.counts));
    await expect(checkCopyOffThread(taken.path, { ...taken.counts, sales: 3001 })).rejects.toMatchObject({ code: 'COPY_INCOMPLETE' });
    // Scribbled pages in the middle of the file, as the unit test of checkCopy does.
    const bytes = readFileSync(taken.path);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 4096 * 8);
    const damaged = join(dir, 'damaged.sqlite');
    writeFileSync(damaged, bytes);
    await expect(checkCopyOffThread(damaged, taken.counts)).rejects.toMatchObject({ code: expect.stringMatching(/COPY_CORRUPT|COPY_UNREADABLE/) });
    await expect(checkCopyOffThread(join(dir, 'none.sqlite'), {})).rejects.toMatchObject({ code: 'COPY_UNREADABLE' });
  });
});

describe('a backup and a restore in the app, as the screens hear them', () => {
  it('backup.run with a job id: job.progress reports climb to the total and end finished; the status carries no running copy after', async () => {
    rig = await startAppRig(catalog(20_000));
    const jobId = 'backup-test-1';
    const status = await rig.value('backup.run', { job: jobId });
    expect(status.lastGood?.counts.products).toBeGreaterThanOrEqual(20_000);
    expect(status.progress).toBeNull();
    const reports = jobEvents(rig, jobId);
    expect(reports[0]).toMatchObject({ kind: 'backup', unit: 'bytes', state: 'running', cancellable: true });
    // The last report is the end, at the last phase's total; a phase's reports never go back (a screen's bar is
    // redrawn at most every 150 ms, so a phase's own last figure may be skipped for the next phase's first).
    const last = reports.at(-1)!;
    expect(last).toMatchObject({ state: 'finished', cancellable: false, phase: 'saving' });
    expect(last.done).toBe(last.total);
    for (const phase of new Set(reports.map((r) => r.phase))) {
      const mine = reports.filter((r) => r.phase === phase);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.done).toBeGreaterThanOrEqual(mine[i - 1]!.done);
    }
    expect([...new Set(reports.map((r) => r.phase))]).toEqual(['copying', 'checking', 'saving']);
    expect(reports.filter((r) => r.phase === 'saving').every((r) => !r.cancellable)).toBe(true);
  });

  it('jobs.cancel during the copy: ends cancelled, the partial file removed, the earlier copies untouched, no failure recorded', async () => {
    rig = await startAppRig(catalog(20_000));
    const first = await rig.value('backup.run', {});
    const folder = first.folder;
    const earlier = readdirSync(folder);
    const bytes = readFileSync(join(folder, earlier[0]!));
    const jobId = 'backup-test-cancel';
    const r = rig;
    let answer: Promise<unknown> | null = null;
    const off = rig.composed.app.subscribe((e) => {
      if (e.event === 'job.progress' && e.payload.jobId === jobId && e.payload.phase === 'copying' && e.payload.state === 'running' && !answer) {
        answer = r.call('jobs.cancel', { jobId });
      }
    });
    const status = await rig.value('backup.run', { job: jobId });
    off?.();
    expect(await answer).toMatchObject({ ok: true, value: { cancelling: true } });
    expect(jobEvents(rig, jobId).at(-1)).toMatchObject({ state: 'cancelled' });
    expect(status.lastFailure).toBeNull();
    expect(status.lastGood?.file).toBe(first.lastGood?.file);
    expect(readdirSync(folder)).toEqual(earlier);
    expect(readFileSync(join(folder, earlier[0]!)).equals(bytes)).toBe(true);
    expect(rig.logs.join('\n')).toContain('backup cancelled');
  });

  it('a restore: reading is cancellable; writing is not (jobs.cancel answers false while it writes) and it finishes', async () => {
    rig = await startAppRig();
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    const taken = await rig.value('backup.run', {});
    const copyPath = taken.copies[0]!.path;

    // Cancelled while reading: refused as CANCELLED, nothing staged, nothing replaced.
    const readJob = 'restore-read-cancel';
    const r = rig;
    let asked: Promise<unknown> | null = null;
    const off = rig.composed.app.subscribe((e) => {
      if (e.event === 'job.progress' && e.payload.jobId === readJob && !asked) asked = r.call('jobs.cancel', { jobId: readJob });
    });
    const refused = await rig.call('backup.inspect', { file: copyPath, job: readJob });
    off?.();
    expect(await asked).toMatchObject({ ok: true, value: { cancelling: true } });
    expect(refused).toMatchObject({ ok: false, error: { fields: { file: 'CANCELLED' } } });
    expect(jobEvents(rig, readJob).at(-1)).toMatchObject({ state: 'cancelled' });
    expect(readdirSync(rig.dataDir).filter((n) => n.startsWith('.partial-restore'))).toEqual([]);

    const preview = await rig.value('backup.inspect', { file: copyPath, job: 'restore-read-ok' });
    expect(jobEvents(rig, 'restore-read-ok').at(-1)).toMatchObject({ state: 'finished' });
    const writeJob = 'restore-write';
    let refusedCancel: Promise<unknown> | null = null;
    const off2 = rig.composed.app.subscribe((e) => {
      if (e.event === 'job.progress' && e.payload.jobId === writeJob && e.payload.state === 'running' && !refusedCancel) {
        refusedCancel = r.call('jobs.cancel', { jobId: writeJob });
      }
    });
    const done = await rig.value('backup.restore', { token: preview.token, job: writeJob });
    off2?.();
    expect(done).toMatchObject({ reopened: true });
    expect(await refusedCancel).toMatchObject({ ok: true, value: { cancelling: false } });
    // Every report of the writing says it cannot be stopped. Its end is the call's answer: the till reopens on the
    // copy, and the replaced app's reports end with it.
    const writes = jobEvents(rig, writeJob);
    expect(writes[0]).toMatchObject({ kind: 'restore', phase: 'writing', cancellable: false, total: 2 });
    expect(writes.every((w) => !w.cancellable)).toBe(true);
  });
});
