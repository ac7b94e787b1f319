/**
 * Issue 29, a server dump shows its progress: `npm run shop:dump` run as the owner runs it (its own process) against
 * a real PostgreSQL (test/support/pg-cluster.ts) holding 200 000 products, with --progress: the rows dumped, then the
 * rows restored into the throwaway database, each counting up from 0 without going back and ending at their total;
 * --quiet prints nothing and still leaves a verified dump; --progress with --quiet is refused plainly. The library
 * call reports through `onRows` the same way. The embedded store (PGlite) says its two unmeasurable steps.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/open-store';
import { dumpPostgres, verifyPostgresDump } from '../../../server/dump/postgres-dump';
import type { RowsProgress } from '../../../server/dump/copy-progress';
import { progressPrinter } from '../../../server/dump/progress-printer';
import { pgliteDir } from '../../../server/data-dir';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mostrador-dump-progress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function dump(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/dump-cli.ts', ...args], { cwd: ROOT, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const figure = (text: string) => Number(text.replace(/\s/g, ''));
/** The `label: done de total filas` lines of stderr, as numbers. */
function counted(stderr: string, label: string): Array<{ done: number; total: number }> {
  const pattern = new RegExp(`^${label.replace(/[()]/g, '\\$&')}: ([\\d ]+) de ([\\d ]+) filas \\((\\d+) %\\)`);
  return stderr.split('\n').map((line) => pattern.exec(line)).filter((m) => m !== null).map((m) => ({ done: figure(m[1]!), total: figure(m[2]!) }));
}
function climbsToTotal(steps: Array<{ done: number; total: number }>, atLeast: number): void {
  expect(steps.length).toBeGreaterThanOrEqual(2);
  expect(steps[0]!.done).toBe(0);
  const total = steps[0]!.total;
  expect(total).toBeGreaterThanOrEqual(atLeast);
  for (let i = 1; i < steps.length; i++) {
    expect(steps[i]!.total).toBe(total);
    expect(steps[i]!.done).toBeGreaterThanOrEqual(steps[i - 1]!.done);
  }
  expect(steps.at(-1)!.done).toBe(total);
}

const PRODUCTS = 200_000;
const bin = postgresBinDir();
describe.skipIf(bin === null)('shop:dump on PostgreSQL shows the rows dumped and restored', () => {
  let cluster: PgCluster | null = null;
  let url = '';
  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster!.createDatabase('dump_progress');
    const db = await openStore({ databaseUrl: url });
    await db.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`INSERT INTO products (key, data, version, seq, updated_at)
        SELECT 'P-' || g, jsonb_build_object('name', 'Producto ' || g, 'price', '1000.00'), 1, g, 0 FROM generate_series(1, ${PRODUCTS}) g`);
    } finally {
      await client.end();
    }
  }, 180_000);
  afterAll(() => cluster?.stop(), 60_000);
  const pgBin = () => ['--pg-bin', bin!];

  it('--progress: the dump\'s rows, then the check\'s, each from 0 up to its total without going back; the dump is verified', async () => {
    const out = join(scratch, 'progress.pgdump');
    const answer = await dump(['--database-url', url, '--out', out, '--progress', ...pgBin()]);
    expect(answer.stderr).not.toMatch(/^\s+at /m);
    expect(answer.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(answer.stdout).toContain('Volcado verificado en');
    if (process.env.SHOW_DUMP_PROGRESS) console.log(answer.stderr);
    const dumped = counted(answer.stderr, 'volcando la tienda');
    climbsToTotal(dumped, PRODUCTS);
    const checked = counted(answer.stderr, 'comprobando el volcado (restaurado en una base desechable)');
    climbsToTotal(checked, PRODUCTS);
    expect(checked[0]!.total).toBe(dumped[0]!.total);
    // Not a terminal: no carriage returns or escape codes, one line per report at most once a second.
    expect(answer.stderr).not.toMatch(/\r|\u001b/);
  }, 120_000);

  it('--quiet prints nothing and leaves a verified dump; --progress with --quiet is refused plainly', async () => {
    const out = join(scratch, 'quiet.pgdump');
    const quiet = await dump(['--database-url', url, '--out', out, '--quiet', ...pgBin()]);
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(out)).toBe(true);
    // Not a terminal and no --progress: the success lines only, no progress.
    const plain = await dump(['--database-url', url, '--out', join(scratch, 'plain.pgdump'), ...pgBin()]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toContain('Volcado verificado en');
    const both = await dump(['--database-url', url, '--out', join(scratch, 'both.pgdump'), '--progress', '--quiet']);
    expect(both).toMatchObject({ code: 2, stdout: '', stderr: 'volcado de la tienda: --progress y --quiet se contradicen; use uno de los dos. Vea npm run shop:dump -- --help\n' });
    expect(existsSync(join(scratch, 'both.pgdump'))).toBe(false);
  }, 120_000);

  it('the library call reports every row of the snapshot through onRows, from 0 to the total, never going back', async () => {
    const file = join(scratch, 'library.pgdump');
    const tools = { pgDump: join(bin!, 'pg_dump'), pgRestore: join(bin!, 'pg_restore') };
    const seen: RowsProgress[] = [];
    const counts = await dumpPostgres(url, file, tools, (p) => seen.push(p));
    expect(counts.products).toBe(PRODUCTS);
    climbsToTotal(seen, PRODUCTS);
    const restored: RowsProgress[] = [];
    await verifyPostgresDump(file, counts, url, tools, undefined, { total: seen[0]!.total, onRows: (p) => restored.push(p) });
    climbsToTotal(restored, PRODUCTS);
    if (process.env.SHOW_DUMP_PROGRESS) console.log(JSON.stringify({ seen, restored }));
  }, 120_000);
});

describe('shop:dump on the embedded store', () => {
  it('--progress says its two steps (not measurable there) and the dump is verified', async () => {
    const dataDir = join(scratch, 'pglite-shop');
    mkdirSync(pgliteDir(dataDir), { recursive: true });
    const db = await openStore({ pgliteDir: pgliteDir(dataDir) });
    await db.close();
    const out = join(scratch, 'pglite.tar.gz');
    const answer = await dump(['--data-dir', dataDir, '--out', out, '--progress']);
    expect(answer.code).toBe(0);
    expect(answer.stderr.split('\n')[0]).toBe('volcando el almacén integrado (un solo paso: no se puede medir su avance)…');
    expect(answer.stderr.split('\n')[1]).toMatch(/^volcado en \d+ s; comprobando el volcado \(cargado en una base en memoria\)…$/);
    expect(existsSync(out)).toBe(true);
  }, 120_000);
});

describe('the progress line', () => {
  it('on a terminal rewrites one line and ends it; the time left appears once the pace is known', () => {
    let written = '';
    let t = 0;
    const printer = progressPrinter({ isTTY: true, write: (s: string) => { written += s; } }, () => t);
    printer.count('volcando la tienda', 0, 200_000, 'filas');
    t = 2_000;
    printer.count('volcando la tienda', 40_000, 200_000, 'filas');
    t = 3_000;
    printer.count('volcando la tienda', 200_000, 200_000, 'filas');
    expect(written.split('\r\u001b[K')).toEqual(['',
      'volcando la tienda: 0 de 200 000 filas (0 %)',
      'volcando la tienda: 40 000 de 200 000 filas (20 %) · quedan unos 8 s',
      'volcando la tienda: 200 000 de 200 000 filas (100 %)\n']);
  });
});
