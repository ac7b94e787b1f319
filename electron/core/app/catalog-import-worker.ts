/**
 * The catalog import's reading, checking and writing, on a worker thread with its own SQLite connection to the
 * till's data file (WAL: its reads never wait for the till, and the till's charges wait at most one of its short
 * transactions). Started by catalog-import-runner.ts; it reports its progress and ends with one answer.
 *
 * preview: the file checked against the catalog as it is, writing nothing (catalog-import.ts).
 * commit:  the file checked again (nothing written while any row is wrong), then each row checked a third time as it
 *          is written, IMPORT_TRANSACTION products per transaction. A cancel between two transactions keeps the
 *          products committed so far (a re-import of the same file updates them and adds the rest).
 */
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { CatalogImportPreviewDto } from '../../../shared/bridge/types';
import type { CsvSource } from '../../../common/csv/csv-file';
import { openDatabase } from '../store/database';
import { catalogTable } from '../store/catalog';
import { StoreError } from '../store/errors';
import { checkCatalogImport, ImportStopped, type CatalogFileFacts } from './catalog-import';
import { yieldToCounter } from './write-gate';
import type { ImportWorkerAnswer, ImportWorkerInput, ImportWorkerMessage } from './catalog-import-runner';

/** At most this often a progress message goes to the core's thread (the job throttles its own reports too). */
const POST_EVERY_MS = 100;

function run(input: ImportWorkerInput, post: (m: ImportWorkerMessage) => void): ImportWorkerAnswer {
  const cancel = new Int32Array(input.cancel);
  const stop = () => Atomics.load(cancel, 0) === 1;
  const source: CsvSource = 'path' in input.source ? { path: input.source.path } : Buffer.from(input.source.bytes);
  const fileBytes = 'path' in input.source ? statSync(input.source.path).size : input.source.bytes.byteLength;
  let lastPost = 0;
  const progress = (phase: 'reading' | 'checking' | 'writing', done: number, total: number | null, force = false) => {
    const at = Date.now();
    if (!force && at - lastPost < POST_EVERY_MS) return;
    lastPost = at;
    post({ type: 'progress', phase, unit: phase === 'reading' ? 'bytes' : 'rows', done, total });
  };

  const db = openDatabase(input.dbPath);
  // Its batches are not synced one by one (each would wait for the disk while holding the write lock); the import's
  // end syncs the whole WAL (settle, below) before it answers. A power cut mid-import loses at most batches not yet
  // synced, never the file's integrity (WAL), and the import is said done only once all of it is on disk.
  db.pragma('synchronous = NORMAL');
  const settle = () => {
    db.pragma('synchronous = FULL');
    db.pragma('wal_checkpoint(PASSIVE)');
  };
  try {
    const catalog = catalogTable(db, () => input.at);
    let facts: CatalogFileFacts | undefined = input.facts;
    const onFacts = (found: CatalogFileFacts) => {
      facts = found;
      post({ type: 'facts', facts: found });
    };
    const reportPass = (pass: 'reading' | 'checking', done: number) =>
      progress(pass, done, pass === 'reading' ? fileBytes : facts?.rows ?? null);
    const check = (): CatalogImportPreviewDto => {
      progress(facts ? 'checking' : 'reading', 0, facts ? facts.rows : fileBytes, true);
      return checkCatalogImport(source, catalog, facts ? { facts, progress: reportPass, stop } : { onFacts, progress: reportPass, stop });
    };

    if (input.mode === 'preview') {
      try {
        const preview = check();
        progress('checking', preview.rows, preview.rows, true);
        return { type: 'preview', preview };
      } catch (error) {
        if (error instanceof ImportStopped) return { type: 'cancelled', created: 0, updated: 0, saved: 0, rows: facts?.rows ?? 0, barcodesLeft: 0 };
        throw error;
      }
    }

    // The commit: first the whole file checked with nothing written, so a wrong row leaves the catalog as it was.
    let checked: CatalogImportPreviewDto;
    try {
      checked = check();
    } catch (error) {
      if (error instanceof ImportStopped) return { type: 'cancelled', created: 0, updated: 0, saved: 0, rows: facts?.rows ?? 0, barcodesLeft: 0 };
      throw error;
    }
    if (checked.errorCount > 0 || !facts) return { type: 'refused', check: checked };
    const rows = facts.rows;

    // Before each transaction: no charge (or other counter write) under way, so none waits behind more than one.
    const writer = catalog.catalogImportWriter({ beforeTransaction: () => yieldToCounter(input.gate) });
    progress('writing', 0, rows, true);
    let written: CatalogImportPreviewDto;
    try {
      written = checkCatalogImport(source, catalog, {
        facts,
        onProduct: (p) => writer.add(p),
        progress: () => progress('writing', writer.committed, rows),
        stop,
      });
    } catch (error) {
      if (error instanceof ImportStopped) {
        const kept = writer.finish({ partial: true });
        settle();
        return { type: 'cancelled', created: kept.created, updated: kept.updated, saved: writer.committed, rows, barcodesLeft: kept.barcodesLeft };
      }
      if (error instanceof StoreError) {
        const kept = writer.finish({ partial: true });
        settle();
        return { type: 'stopped', created: kept.created, updated: kept.updated, saved: writer.committed, rows, message: error.message };
      }
      throw error;
    }
    if (written.errorCount > 0) {
      // The catalog changed between the two passes (an edit at the same time): what was committed stays, and is said.
      const kept = writer.finish({ partial: true });
      settle();
      const first = written.errors[0];
      return {
        type: 'stopped', created: kept.created, updated: kept.updated, saved: writer.committed, rows,
        message: first ? `row ${first.row}, ${first.column || 'file'}: ${first.message}` : 'the file has errors',
      };
    }
    let done;
    try {
      done = writer.finish();
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      settle();
      return { type: 'stopped', created: writer.created, updated: writer.committed - writer.created, saved: writer.committed, rows, message: error.message };
    }
    settle();
    progress('writing', rows, rows, true);
    return { type: 'imported', created: done.created, updated: done.updated, saved: writer.committed, rows, lockMs: { ...writer.lockMs } };
  } finally {
    db.close();
  }
}

if (parentPort) {
  const port = parentPort;
  const input = workerData as ImportWorkerInput;
  let answer: ImportWorkerMessage;
  try {
    answer = run(input, (m) => port.postMessage(m));
  } catch (error) {
    answer = { type: 'failed', message: error instanceof Error ? error.message : String(error), store: error instanceof StoreError };
  }
  port.postMessage(answer);
}
