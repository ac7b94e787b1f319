/**
 * Loads a copy of the embedded store into an in-memory PGlite and counts the given tables, on a worker thread: the
 * load and the WAL replay are synchronous WebAssembly and would otherwise hold the server's own thread (and every
 * push) for seconds. Self-contained (no relative imports): Node runs it with its own type stripping.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { file, tables } = workerData as { file: string; tables: string[] };

async function count(): Promise<Record<string, number>> {
  const copy = await PGlite.create({ loadDataDir: new Blob([await readFile(file)]), extensions: { pg_trgm } });
  try {
    const { rows } = await copy.query<Record<string, number | string>>(
      `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`);
    return Object.fromEntries(tables.map((t) => [t, Number(rows[0]![t])]));
  } finally {
    await copy.close().catch(() => {});
  }
}

count().then(
  (counts) => parentPort!.postMessage({ ok: true, counts }),
  (error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
