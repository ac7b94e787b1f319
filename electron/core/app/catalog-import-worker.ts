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
import type Database from 'better-sqlite3';
import { openDatabase } from '../store/database';
import { customersTable } from '../store/customers';
import { CsvFileError } from '../../../common/csv/csv-file';
import { readCustomerCsv } from '../../../common/csv/customer-csv';
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

    if (input.mode === 'customers-preview' || input.mode === 'customers-commit') {
      return customers(input, db, source instanceof Uint8Array ? source : Buffer.alloc(0), progress, stop, settle);
    }
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

/** Customers per transaction (each a few ms; the counter's writes go first between them). */
const CUSTOMER_TRANSACTION = 200;

/**
 * A customer file (inline, at most LIMITS.csvFileBytes): read and checked whole (customer-csv.ts), each customer
 * looked up to count creates and updates; the commit writes CUSTOMER_TRANSACTION per transaction. A cancel keeps
 * those committed, as the catalog's does.
 */
function customers(
  input: ImportWorkerInput, db: Database.Database, file: Uint8Array,
  progress: (phase: 'reading' | 'checking' | 'writing', done: number, total: number | null, force?: boolean) => void,
  stop: () => boolean, settle: () => void,
): ImportWorkerAnswer {
  const table = customersTable(db, () => input.at);
  progress('reading', 0, file.byteLength, true);
  let reading;
  try {
    reading = readCustomerCsv(file);
  } catch (error) {
    if (error instanceof CsvFileError) return input.mode === 'customers-preview'
      ? { type: 'customers-preview', rows: 0, created: 0, updated: 0, problems: [error.problem] }
      : { type: 'customers-refused', problems: [error.problem] };
    throw error;
  }
  const list = reading.customers.map((r) => r.customer);
  if (stop()) return { type: 'cancelled', created: 0, updated: 0, saved: 0, rows: reading.rows, barcodesLeft: 0 };
  if (input.mode === 'customers-preview') {
    let updated = 0;
    for (const [i, c] of list.entries()) {
      if (table.findCustomer(c.identification_type, c.identification)) updated += 1;
      if (i % 250 === 0) {
        if (stop()) return { type: 'cancelled', created: 0, updated: 0, saved: 0, rows: reading.rows, barcodesLeft: 0 };
        progress('checking', i, list.length);
      }
    }
    progress('checking', list.length, list.length, true);
    return { type: 'customers-preview', rows: reading.rows, created: list.length - updated, updated, problems: reading.problems };
  }
  if (reading.problems.length > 0 || list.length === 0) return { type: 'customers-refused', problems: reading.problems };
  let created = 0;
  let saved = 0;
  progress('writing', 0, list.length, true);
  for (let from = 0; from < list.length; from += CUSTOMER_TRANSACTION) {
    if (stop()) {
      settle();
      return { type: 'cancelled', created, updated: saved - created, saved, rows: list.length, barcodesLeft: 0 };
    }
    yieldToCounter(input.gate);
    const batch = list.slice(from, from + CUSTOMER_TRANSACTION);
    created += table.importCustomers(batch).created;
    saved += batch.length;
    progress('writing', saved, list.length);
  }
  settle();
  progress('writing', saved, list.length, true);
  return { type: 'imported', created, updated: saved - created, saved, rows: list.length, lockMs: { longest: 0, total: 0, count: 0 } };
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
