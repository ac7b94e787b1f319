/**
 * A verified dump of a shop kept on PostgreSQL: `pg_dump -Fc` (the client's own format) taken in an exported
 * snapshot, so the rows counted are exactly the rows dumped while tills keep pushing; then `pg_restore` into a
 * throwaway database and counted again. Only a copy that restores and counts the same is called good.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Queryable } from '../db/adapter';
import { progressAppName, watchCopies, type OnRows } from './copy-progress';
import { assertSameCounts, countShop, DumpRefused, type ShopCounts } from './shop-counts';

export interface PgTools { pgDump: string; pgRestore: string }
export const DEFAULT_PG_TOOLS: PgTools = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };

export function run(program: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], ...(env ? { env: { ...process.env, ...env } } : {}) });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => { errors = (errors + chunk.toString()).slice(-2000); });
    child.once('error', (error) => reject(new DumpRefused(`could not run ${program}: ${error.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new DumpRefused(`${program} failed (exit ${code}): ${errors.trim()}`))));
  });
}

const asQueryable = (c: pg.Client): Queryable => ({
  async query<Row>(sql: string, params: readonly unknown[] = []) {
    const r = await c.query(sql, [...params]);
    return { rows: r.rows as Row[], rowCount: r.rowCount ?? 0 };
  },
  async exec(sql: string) { await c.query(sql); },
});

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Every table's rows in the snapshot `client` reads (relation oid → rows), for a dump's progress. */
async function tableRows(client: pg.Client): Promise<Map<number, number>> {
  const { rows: tables } = await client.query<{ oid: string; name: string }>(
    `SELECT c.oid::bigint AS oid, quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`);
  if (tables.length === 0) return new Map();
  const { rows } = await client.query<Record<string, string>>(`SELECT ${tables.map((t, i) => `(SELECT count(*) FROM ${t.name}) AS t${i}`).join(', ')}`);
  return new Map(tables.map((t, i) => [Number(t.oid), Number(rows[0]![`t${i}`])]));
}

/**
 * Dumps the shop at `url` to `out` (custom format); returns the counts of the snapshot it dumped. With `onRows`, the
 * rows of every table in the snapshot are the total and the dump's COPYs are watched (`copy-progress.ts`).
 */
export async function dumpPostgres(url: string, out: string, tools: PgTools = DEFAULT_PG_TOOLS, onRows?: OnRows): Promise<ShopCounts> {
  return withClient(url, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const counts = await countShop(asQueryable(client));
    const args = ['--format=custom', `--snapshot=${rows[0]!.id}`, '--file', out, '--dbname', url];
    if (!onRows) {
      await run(tools.pgDump, args);
    } else {
      const sizes = await tableRows(client);
      const total = [...sizes.values()].reduce((a, b) => a + b, 0);
      const appName = progressAppName();
      const watch = await watchCopies(url, appName, total, onRows, { sizes });
      let finished = false;
      try {
        await run(tools.pgDump, args, { PGAPPNAME: appName });
        finished = true;
      } finally {
        await watch.stop(finished);
      }
    }
    await client.query('COMMIT');
    return counts;
  });
}

/** A restore's progress: `total` is the dump's own total (every table's rows), reported through `onRows`. */
export type RestoreRows = { total: number; onRows: OnRows };

/**
 * Restores `file` into a new database on the same server (or into `restoreUrl`, an empty database the caller made),
 * counts, and drops what it made. Throws DumpRefused when the file does not restore or the counts differ.
 */
export async function verifyPostgresDump(file: string, expected: ShopCounts, serverUrl: string, tools: PgTools = DEFAULT_PG_TOOLS, restoreUrl?: string, progress?: RestoreRows): Promise<ShopCounts> {
  let target = restoreUrl;
  let made: string | null = null;
  if (!target) {
    made = `mostrador_verify_${randomBytes(6).toString('hex')}`;
    await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${made}`)).catch((error: Error) => {
      throw new DumpRefused(`could not make a throwaway database to restore into (${error.message}); give one with --verify-url`);
    });
    const u = new URL(serverUrl);
    u.pathname = `/${made}`;
    target = u.toString();
  }
  try {
    const args = ['--exit-on-error', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', target, file];
    if (!progress) {
      await run(tools.pgRestore, args);
    } else {
      // The restored tables are not committed until the end, so their oids name nothing yet: rows are summed per COPY.
      const appName = progressAppName();
      const watch = await watchCopies(serverUrl, appName, progress.total, progress.onRows);
      let finished = false;
      try {
        await run(tools.pgRestore, args, { PGAPPNAME: appName });
        finished = true;
      } finally {
        await watch.stop(finished);
      }
    }
    const counts = await withClient(target, (c) => countShop(asQueryable(c)));
    assertSameCounts(expected, counts);
    return counts;
  } finally {
    if (made) await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${made} WITH (FORCE)`)).catch(() => {});
  }
}
