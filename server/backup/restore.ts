/**
 * One-step restore of a shop server's copy into an empty store (issue 25): a scheduled copy or a `shop:dump` of the
 * embedded store (gzipped tarball) into an absent or empty embedded folder, or a PostgreSQL copy (pg_dump's custom
 * format) into an empty database. A target holding anything is refused, saying so; nothing is overwritten. After
 * the restore the schema is brought up to date, the shop gets a new generation (the tills see it in the change
 * feed and read the feed again from its start, their cursors being from the lost history), and the restored rows
 * are counted against what the copy's `.json` says it holds.
 *
 * `restoreShop` is what `npm run server -- restore` runs, and what a test drives.
 */
import { databaseProblem, pgToolProblem } from '../db/connect-error';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import pg from 'pg';
import type { Database } from '../db/adapter';
import { migrate } from '../db/migrations';
import { openPglite } from '../db/pglite';
import { gzipIsWhole } from '../dump/pglite-dump';
import { DEFAULT_PG_TOOLS, run, type PgTools } from '../dump/postgres-dump';
import { assertSameCounts, countShop, DumpRefused, type ShopCounts } from '../dump/shop-counts';
import { openStore } from '../open-store';
import { ensureShop, renewGeneration } from '../store/shop';
import { readCopyRecord } from './server-copies';

export type RestoreTarget = { pgliteDir: string } | { databaseUrl: string; tools?: PgTools };

export interface RestoredShop {
  store: 'pglite' | 'postgresql';
  shopId: string;
  /** The shop's new generation. */
  generation: string;
  /** What the restored store holds. */
  counts: ShopCounts;
  /** What the copy's `.json` says it holds (null: no `.json` beside it, e.g. a `shop:dump`). */
  expected: ShopCounts | null;
  /** The tills the copy knows: a till paired after the copy was taken is not among them and must be paired again. */
  tills: Array<{ number: number; name: string; revoked: boolean }>;
}

export class RestoreRefused extends Error {}

type CopyKind = 'pglite' | 'postgresql';

async function kindOf(file: string): Promise<CopyKind> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new RestoreRefused(error.code === 'ENOENT' ? `no existe el archivo ${file}` : `${file} no se puede leer: ${error.message}`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgresql';
    throw new RestoreRefused(`${file} no es una copia del servidor de la tienda (ni del almacén integrado ni de pg_dump en formato custom)`);
  } finally {
    await handle.close();
  }
}

/** Restores `file` into `target`, which must be empty. Throws RestoreRefused saying why, leaving an empty target. */
export async function restoreShop(file: string, target: RestoreTarget, now: () => number = Date.now): Promise<RestoredShop> {
  const kind = await kindOf(file);
  const expected = (await readCopyRecord(file))?.counts ?? null;
  if ('pgliteDir' in target) {
    if (kind !== 'pglite') throw new RestoreRefused(`${file} es una copia de PostgreSQL (pg_dump): restáurela con --database-url en una base de PostgreSQL vacía`);
    return restoreIntoPglite(file, target.pgliteDir, expected, now);
  }
  if (kind !== 'postgresql') throw new RestoreRefused(`${file} es una copia del almacén integrado: restáurela con --data-dir en una carpeta vacía`);
  return restoreIntoPostgres(file, target.databaseUrl, target.tools ?? DEFAULT_PG_TOOLS, expected, now);
}

async function restoreIntoPglite(file: string, dir: string, expected: ShopCounts | null, now: () => number): Promise<RestoredShop> {
  if (existsSync(dir)) {
    const entries = await readdir(dir).catch(() => null);
    if (entries === null) throw new RestoreRefused(`${dir} existe y no es una carpeta`);
    if (entries.length > 0) {
      throw new RestoreRefused(`${dir} ya tiene datos (${entries.length} elementos): una restauración va solo a una carpeta vacía o ausente. `
        + 'Detenga el servidor y aparte esa carpeta (consérvela hasta revisar la tienda restaurada); luego restaure de nuevo');
    }
  }
  try {
    await gzipIsWhole(file);
  } catch (error) {
    throw new RestoreRefused(`${file} está dañada (sus datos comprimidos no se leen hasta el final): ${(error as Error).message}`);
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let db: Database | null = null;
  try {
    db = await openPglite(dir, { loadDataDir: new Blob([await readFile(file)]) });
    return await finish(db, 'pglite', expected, now);
  } catch (error) {
    await db?.close().catch(() => {});
    db = null;
    await rm(dir, { recursive: true, force: true }); // it was empty or absent: leave it so
    throw refusal(error);
  } finally {
    await db?.close();
  }
}

async function restoreIntoPostgres(file: string, url: string, tools: PgTools, expected: ShopCounts | null, now: () => number): Promise<RestoredShop> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new RestoreRefused(databaseProblem(url, error) ?? `no se pudo conectar con la base de datos: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_toast%' AND s.nspname NOT LIKE 'pg\\_temp%'`);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) {
      throw new RestoreRefused(`la base de datos ya tiene datos (${n} tablas, secuencias o índices): una restauración va solo a una base vacía. `
        + 'Cree una nueva (createdb) y restaure en ella');
    }
  } finally {
    await client.end();
  }
  try {
    await run(tools.pgRestore, ['--exit-on-error', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', url, file]);
  } catch (error) {
    throw new RestoreRefused(`${pgToolProblem(error) ?? (error as Error).message} (la base de datos queda como estaba: la restauración va en una sola transacción)`);
  }
  const db = await openStore({ databaseUrl: url }, now);
  try {
    return await finish(db, 'postgresql', expected, now);
  } catch (error) {
    throw refusal(error, ' (the database now holds the restored copy; drop it before trying again)');
  } finally {
    await db.close();
  }
}

async function finish(db: Database, store: CopyKind, expected: ShopCounts | null, now: () => number): Promise<RestoredShop> {
  await migrate(db, now);
  const shop = await ensureShop(db, now());
  const generation = await renewGeneration(db);
  const counts = await countShop(db);
  if (expected) assertSameCounts(expected, counts);
  const { rows } = await db.query<{ number: number; name: string; revoked: boolean }>('SELECT number, name, revoked FROM tills ORDER BY number');
  return { store, shopId: shop.id, generation, counts, expected, tills: rows.map((r) => ({ number: Number(r.number), name: r.name, revoked: r.revoked })) };
}

function refusal(error: unknown, tail = ''): RestoreRefused {
  if (error instanceof RestoreRefused) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new RestoreRefused(error instanceof DumpRefused ? `${message}${tail}` : `the copy does not restore: ${message}${tail}`);
}
