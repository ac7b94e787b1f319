/**
 * A copy's check off the core's thread (issue 29). `PRAGMA integrity_check` reads the whole copy in one synchronous
 * call: on a data file of about 100 MB it held the event loop, and every charge and search with it, for 2.7 s. Here
 * a worker thread with its own read-only connection gathers the same findings (`gatherCopyFindings`'s statements)
 * and the verdict is judged on this thread (`judgeCopy`), so the rule is one. The worker is a few lines evaluated
 * from this file (no bundle entry to ship); it loads better-sqlite3 from where this process found it. When it cannot
 * start (a shell whose modules it cannot reach), the check runs on this thread as before and says so in the log.
 */
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TableCounts } from '../store/backup-runs';
import { gatherCopyFindings, judgeCopy, MAIN_TABLES, type CopyFindings } from './copy-check';

/** Same statements as gatherCopyFindings, as plain CommonJS for an eval'd worker. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { driver, searchPaths, file, tables } = workerData;
function gather() {
  let Database;
  try {
    Database = require(driver || require.resolve('better-sqlite3', { paths: searchPaths }));
  } catch (error) {
    return { cannotStart: String(error && error.message || error) };
  }
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
  } catch (error) {
    return { unreadable: 'The copy cannot be opened as a Mostrador data file: ' + (error && error.message || error) };
  }
  try {
    const problems = db.prepare('PRAGMA integrity_check').all().map((r) => r.integrity_check);
    if (problems.length !== 1 || problems[0] !== 'ok') return { problems, counts: {} };
    const present = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all().map((r) => r.name));
    const counts = {};
    for (const table of tables) if (present.has(table)) counts[table] = db.prepare('SELECT count(*) AS n FROM "' + table + '"').get().n;
    return { problems, counts };
  } catch (error) {
    return { corrupt: String(error && error.message || error) };
  } finally {
    db.close();
  }
}
parentPort.postMessage(gather());
`;

/** Where better-sqlite3 is: resolved here in a CommonJS bundle (Electron's main.cjs), else searched from these folders. */
function driverWhere(): { driver: string | null; searchPaths: string[] } {
  let driver: string | null = null;
  try {
    driver = typeof require === 'function' ? require.resolve('better-sqlite3') : null;
  } catch {
    driver = null;
  }
  const searchPaths = [process.argv[1] ? dirname(process.argv[1]) : null, process.cwd()].filter((p): p is string => p !== null);
  return { driver, searchPaths };
}

function findingsInWorker(file: string): Promise<CopyFindings | { cannotStart: string }> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...driverWhere(), file, tables: [...MAIN_TABLES] } });
    } catch (error) {
      resolve({ cannotStart: error instanceof Error ? error.message : String(error) });
      return;
    }
    let answered = false;
    worker.once('message', (findings: CopyFindings | { cannotStart: string }) => {
      answered = true;
      resolve(findings);
    });
    worker.once('error', (error) => {
      if (!answered) resolve({ cannotStart: error.message });
      answered = true;
    });
    worker.once('exit', (code) => {
      if (!answered) resolve({ cannotStart: `the check's worker ended (exit ${code})` });
      answered = true;
    });
  });
}

/**
 * Checks a copy against the counts its source had without holding this thread; throws BadCopyError as checkCopy.
 * `log` hears when the worker could not start and the check ran here instead.
 */
export async function checkCopyOffThread(file: string, expected: TableCounts, log?: (line: string) => void): Promise<TableCounts> {
  const found = await findingsInWorker(file);
  if ('cannotStart' in found) {
    log?.(`backup: the copy's check ran on the core's thread (its worker could not start: ${found.cannotStart})`);
    return judgeCopy(gatherCopyFindings(file), expected);
  }
  return judgeCopy(found, expected);
}
