/**
 * A verified dump of a shop kept on PostgreSQL: `pg_dump -Fc` (the client's own format) taken in an exported
 * snapshot, so the rows counted are exactly the rows dumped while tills keep pushing; then `pg_restore` into a
 * throwaway database and counted again. Only a copy that restores and counts the same is called good.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Queryable } from '../db/adapter';
import { assertSameCounts, countShop, DumpRefused, type ShopCounts } from './shop-counts';

export interface PgTools { pgDump: string; pgRestore: string }
export const DEFAULT_PG_TOOLS: PgTools = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };

export function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
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

/** Dumps the shop at `url` to `out` (custom format); returns the counts of the snapshot it dumped. */
export async function dumpPostgres(url: string, out: string, tools: PgTools = DEFAULT_PG_TOOLS): Promise<ShopCounts> {
  return withClient(url, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const counts = await countShop(asQueryable(client));
    await run(tools.pgDump, ['--format=custom', `--snapshot=${rows[0]!.id}`, '--file', out, '--dbname', url]);
    await client.query('COMMIT');
    return counts;
  });
}

/**
 * Restores `file` into a new database on the same server (or into `restoreUrl`, an empty database the caller made),
 * counts, and drops what it made. Throws DumpRefused when the file does not restore or the counts differ.
 */
export async function verifyPostgresDump(file: string, expected: ShopCounts, serverUrl: string, tools: PgTools = DEFAULT_PG_TOOLS, restoreUrl?: string): Promise<ShopCounts> {
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
    await run(tools.pgRestore, ['--exit-on-error', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', target, file]);
    const counts = await withClient(target, (c) => countShop(asQueryable(c)));
    assertSameCounts(expected, counts);
    return counts;
  } finally {
    if (made) await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${made} WITH (FORCE)`)).catch(() => {});
  }
}
