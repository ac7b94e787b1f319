/** The embedded store: PostgreSQL compiled to WASM (PGlite), kept in a folder. One process owns the folder. */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './adapter';

/**
 * `wal_level = replica`: the WAL then holds what an online copy needs (backup/pglite-online-copy.ts), so the
 * server's scheduled copies never hold the tills' pushes.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'wal_level=replica'];

/** `loadDataDir`: a copy (gzipped tarball) to fill an empty folder with first (a restore). */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: [...PGLITE_START_PARAMS], ...options });
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    async exec(sql: string) {
      await q.exec(sql);
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<Row>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  const direct = wrap(db);
  return {
    kind: 'pglite',
    query: direct.query,
    exec: direct.exec,
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('gzip'),
  };
}
