/**
 * Runs a catalog import's preview or commit on a worker thread (catalog-import-worker.ts) so the core's thread keeps
 * answering the counter: the worker opens its own connection to the same data file, reports its progress (handed
 * to the job: `job.progress` events) and stops between two transactions when the job is cancelled.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CatalogImportPreviewDto } from '../../../shared/bridge/types';
import type { CsvProblem } from '../../../common/csv/csv-file';
import type { JobUnit } from '../../../shared/progress';
import type { CatalogFileFacts } from './catalog-import';
import type { Job } from './jobs';
import { BridgeFailure } from '../bridge/bridge-failure';

/** Where the worker's code is, and how to run it (under tsx from source; plain when built beside the bundle). */
export interface ImportWorkerEntry {
  file: string;
  execArgv: string[];
}

/**
 * The worker from its TypeScript source, run under tsx (dev, tests, browser mode from source): `root` is the
 * repository (the current folder when not given, as the tests and npm scripts run).
 */
export function sourceImportWorker(root = process.cwd()): ImportWorkerEntry {
  const tsx = createRequire(join(root, 'package.json')).resolve('tsx');
  // tsx's package entry is its loader (what `--import tsx` names); a file URL so it is found from any folder.
  return { file: join(root, 'electron', 'core', 'app', 'catalog-import-worker.ts'), execArgv: ['--import', pathToFileURL(tsx).href] };
}

/** The worker bundled beside the shell's own bundle (scripts/build-electron.mjs, test/bench/web-bundle.ts). */
export function bundledImportWorker(dir: string, extension: 'cjs' | 'mjs'): ImportWorkerEntry {
  return { file: join(dir, `catalog-import-worker.${extension}`), execArgv: [] };
}

export interface ImportWorkerInput {
  /** A catalog's preview or commit, or a customer file's (customers.importPreview / customers.import). */
  mode: 'preview' | 'commit' | 'customers-preview' | 'customers-commit';
  dbPath: string;
  source: { path: string } | { bytes: Uint8Array };
  facts?: CatalogFileFacts | undefined;
  /** The import's one time stamp (the core's clock). */
  at: number;
  /** Int32Array(1) over it: 1 = stop at the next safe point. */
  cancel: SharedArrayBuffer;
  /** The counter's writes under way (write-gate.ts): the worker lets them go first. */
  gate: SharedArrayBuffer;
}

export type ImportWorkerAnswer =
  | { type: 'preview'; preview: CatalogImportPreviewDto }
  | { type: 'customers-preview'; rows: number; created: number; updated: number; problems: CsvProblem[] }
  | { type: 'customers-refused'; problems: CsvProblem[] }
  | { type: 'refused'; check: CatalogImportPreviewDto }
  | { type: 'imported'; created: number; updated: number; saved: number; rows: number; lockMs: { longest: number; total: number; count: number } }
  | { type: 'cancelled'; created: number; updated: number; saved: number; rows: number; barcodesLeft: number }
  | { type: 'stopped'; created: number; updated: number; saved: number; rows: number; message: string };

export type ImportWorkerMessage =
  | ImportWorkerAnswer
  | { type: 'progress'; phase: 'reading' | 'checking' | 'writing'; unit: JobUnit; done: number; total: number | null }
  | { type: 'facts'; facts: CatalogFileFacts }
  | { type: 'failed'; message: string; store: boolean };

export class ImportWorkerFailed extends Error {
  constructor(message: string, readonly store: boolean) {
    super(message);
  }
}

/**
 * Runs one preview or commit; the answer is the worker's last message. Its progress goes to `job` (phase changes
 * reported at once); a cancel of the job sets the shared flag the worker reads between rows and transactions.
 */
export function runImportWorker(
  entry: ImportWorkerEntry,
  input: Omit<ImportWorkerInput, 'cancel' | 'gate'> & { gate?: SharedArrayBuffer | undefined },
  hooks: {
    job?: Job | undefined;
    onFacts?: ((facts: CatalogFileFacts) => void) | undefined;
    /** The core's own connection: it leaves the WAL's checkpoints to the import while it writes (see below). */
    coreDb?: { pragma(source: string, options?: { simple?: boolean }): unknown } | undefined;
  } = {},
): Promise<ImportWorkerAnswer> {
  const cancel = new SharedArrayBuffer(4);
  const flag = new Int32Array(cancel);
  const { job } = hooks;
  const onAbort = () => Atomics.store(flag, 0, 1);
  // While the import writes, the WAL grows past SQLite's checkpoint threshold at every one of its transactions; a
  // charge's commit would then copy the import's pages into the database file (the committing connection runs the
  // checkpoint). The core's connection checkpoints nothing meanwhile: the worker's does, after its own commits.
  const coreCheckpoints = input.mode === 'commit' || input.mode === 'customers-commit' ? (hooks.coreDb?.pragma('wal_autocheckpoint', { simple: true }) as number | undefined) : undefined;
  if (coreCheckpoints !== undefined) hooks.coreDb?.pragma('wal_autocheckpoint = 0');
  if (job?.signal.aborted) onAbort();
  job?.signal.addEventListener('abort', onAbort, { once: true });
  let phase = '';
  return new Promise<ImportWorkerAnswer>((resolve, reject) => {
    const worker = new Worker(entry.file, {
      execArgv: entry.execArgv,
      workerData: { ...input, cancel, gate: input.gate ?? new SharedArrayBuffer(4) } satisfies ImportWorkerInput,
      // Its own heap, bounded: a 100 000-row file needs far less (the bench prints the till's peak).
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (work: () => void) => {
      if (settled) return;
      settled = true;
      job?.signal.removeEventListener('abort', onAbort);
      if (coreCheckpoints !== undefined) hooks.coreDb?.pragma(`wal_autocheckpoint = ${coreCheckpoints}`);
      work();
    };
    worker.on('message', (m: ImportWorkerMessage) => {
      switch (m.type) {
        case 'progress':
          if (!job) return;
          if (m.phase !== phase) {
            phase = m.phase;
            job.phase(m.phase, m.total, m.unit);
          }
          job.progress(m.done, m.total);
          return;
        case 'facts':
          hooks.onFacts?.(m.facts);
          return;
        case 'failed':
          settle(() => reject(new ImportWorkerFailed(m.message, m.store)));
          return;
        default:
          settle(() => resolve(m));
      }
    });
    worker.on('error', (error) => settle(() => reject(new ImportWorkerFailed(error.message, false))));
    worker.on('exit', (code) => settle(() => reject(new ImportWorkerFailed(`the import's thread stopped (exit ${code})`, false))));
  });
}

/**
 * Runs a worker's work as a bridge call answers it: a failure marks the job failed and becomes a BridgeFailure (a
 * store's refusal keeps its words; anything else may name paths, so it is said plainly). Catalog and customer imports.
 */
export async function inImportWorker<T>(job: Job | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    job?.failed((error instanceof Error ? error.message : String(error)).slice(0, 2000));
    if (error instanceof ImportWorkerFailed) {
      if (error.store) throw new BridgeFailure('INVALID_INPUT', error.message);
      throw new BridgeFailure('INTERNAL', 'The import could not run; nothing more was written. Try again.');
    }
    throw error;
  }
}
