/**
 * npm run bench:durability [-- --backend all|pglite|postgresql --singles 200 --batches 20 --batch 500 --traced 20]
 * What it costs to make an acknowledged push durable, and what each store asks of the disk. Three stores: PGlite as
 * it ships (fsync off: how the server ran before issue 25), PGlite as the server runs it now (server/db/pglite.ts)
 * and a throwaway PostgreSQL cluster with its defaults (fsync on). For each:
 * - syncs: the server under strace (PostgreSQL: strace attached to the postmaster and its processes), one paired
 *   till pushes `traced` sales one per POST /v1/sales, then 5 batches of `batch`; the fsync/fdatasync calls made
 *   while each push was answered (min/median/max per push), and the files they were on;
 * - time (no strace): `singles` pushes of one sale and `batches` pushes of `batch` sales: p50/p99 latency, sales/s;
 *   the server's start-up time (spawn to its start line).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import type { ShopTill } from '../support/shop-till';
import { sale } from '../integration/server/samples';
import { callsBetween, childrenOf, epochSeconds, pairedTill, readSyncCalls, startServerProcess, straceAvailable, traceProcesses } from '../support/traced-server';

const { values } = parseArgs({ options: {
  backend: { type: 'string', default: 'all' }, singles: { type: 'string', default: '200' }, batches: { type: 'string', default: '20' },
  batch: { type: 'string', default: '500' }, traced: { type: 'string', default: '20' },
} });
const SINGLES = Number(values.singles);
const BATCHES = Number(values.batches);
const BATCH = Number(values.batch);
const TRACED = Number(values.traced);
const TRACED_BATCHES = 5;

type Store = 'pglite-as-shipped' | 'pglite' | 'postgresql';
let counter = 0;
const template = sale('TEMPLATE');
const sales = (n: number) => Array.from({ length: n }, () => {
  counter += 1;
  const ref = `DUR-${process.pid}-${counter}`;
  return { ...template, referenceCode: ref, saleNumber: counter, invoice: { ...template.invoice, reference_code: ref } };
});

async function push(till: ShopTill, n: number): Promise<{ from: number; to: number }> {
  const batch = sales(n);
  const from = epochSeconds();
  const answer = await till.call('POST', '/v1/sales', { sales: batch });
  const to = epochSeconds();
  if (answer.status !== 200 || answer.body.stored !== n) throw new Error(`push refused: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  return { from, to };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (s: number) => Number((s * 1000).toFixed(2));

async function withDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-durability-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function syncs(store: Store, cluster: PgCluster | null): Promise<Record<string, unknown>> {
  return withDir(async (dir) => {
    const straceFile = join(dir, 'strace.txt');
    const databaseUrl = store === 'postgresql' ? await cluster!.createDatabase(`dur_syncs_${Date.now()}`) : undefined;
    let tracer: { detach(): Promise<void> } | null = null;
    if (store === 'postgresql') {
      const pm = cluster!.postmasterPid();
      tracer = await traceProcesses([pm, ...childrenOf(pm)], straceFile);
    }
    const server = await startServerProcess({ dataDir: join(dir, 'data'), databaseUrl, asShipped: store === 'pglite-as-shipped', ...(store === 'postgresql' ? {} : { straceFile }) });
    const windows: { kind: 'one sale' | 'batch'; from: number; to: number }[] = [];
    try {
      const till = await pairedTill(server.url, join(dir, 'data'));
      for (let i = 0; i < TRACED; i += 1) windows.push({ kind: 'one sale', ...await push(till, 1) });
      for (let i = 0; i < TRACED_BATCHES; i += 1) windows.push({ kind: 'batch', ...await push(till, BATCH) });
    } finally {
      await server.stop();
      await tracer?.detach();
    }
    const calls = readSyncCalls(straceFile);
    const summary = (kind: string) => {
      const counts = windows.filter((w) => w.kind === kind).map((w) => callsBetween(calls, w.from, w.to).length).sort((a, b) => a - b);
      return { min: counts[0]!, median: pct(counts, 50), max: counts.at(-1)! };
    };
    const files = new Map<string, number>();
    for (const w of windows) {
      for (const c of callsBetween(calls, w.from, w.to)) {
        const name = `${c.call} ${fileLabel(c.path)}`;
        files.set(name, (files.get(name) ?? 0) + 1);
      }
    }
    const result = { store, part: 'syncs', oneSale: summary('one sale'), batch: summary('batch'), batchSize: BATCH, files: Object.fromEntries(files) };
    console.log(`${store}: fsync/fdatasync per acknowledged push: one sale ${fmt(result.oneSale)}, a batch of ${BATCH} ${fmt(result.batch)}; on ${[...files].map(([f, n]) => `${f} ×${n}`).join(', ') || 'nothing'}`);
    return result;
  });
}

/** A file's place in a PostgreSQL folder, without this machine's path: pg_wal/<segment>, base/<db>/<relation>, … */
const fileLabel = (path: string) => path.replace(/^.*\/(pglite|data)\//, '').replace(/^pg_wal\/[0-9A-F]{24}$/, 'pg_wal/<segment>')
  .replace(/xlogtemp\.\d+$/, 'xlogtemp.<pid>').replace(/^base\/\d+\/\d+/, 'base/<db>/<relation>');
const fmt = (s: { min: number; median: number; max: number }) => (s.min === s.max ? `${s.min}` : `median ${s.median} (${s.min}–${s.max})`);

async function timing(store: Store, cluster: PgCluster | null): Promise<Record<string, unknown>> {
  return withDir(async (dir) => {
    const databaseUrl = store === 'postgresql' ? await cluster!.createDatabase(`dur_time_${Date.now()}`) : undefined;
    const spawned = performance.now();
    const server = await startServerProcess({ dataDir: join(dir, 'data'), databaseUrl, asShipped: store === 'pglite-as-shipped' });
    const startMs = Math.round(performance.now() - spawned);
    try {
      const till = await pairedTill(server.url, join(dir, 'data'));
      const one: number[] = [];
      for (let i = 0; i < SINGLES; i += 1) { const w = await push(till, 1); one.push(w.to - w.from); }
      const many: number[] = [];
      for (let i = 0; i < BATCHES; i += 1) { const w = await push(till, BATCH); many.push(w.to - w.from); }
      one.sort((a, b) => a - b);
      many.sort((a, b) => a - b);
      const batchSeconds = many.reduce((a, b) => a + b, 0);
      const result = {
        store, part: 'time', startMs,
        oneSaleMs: { p50: ms(pct(one, 50)), p99: ms(pct(one, 99)), mean: ms(one.reduce((a, b) => a + b, 0) / one.length) },
        batchMs: { p50: ms(pct(many, 50)), p99: ms(pct(many, 99)) }, batchSize: BATCH,
        salesPerSecond: Math.round((BATCHES * BATCH) / batchSeconds),
      };
      console.log(`${store}: start ${startMs} ms; one sale per push p50 ${result.oneSaleMs.p50} ms, p99 ${result.oneSaleMs.p99} ms (${SINGLES} pushes); batches of ${BATCH}: p50 ${result.batchMs.p50} ms, p99 ${result.batchMs.p99} ms, ${result.salesPerSecond} sales/s (${BATCHES} pushes)`);
      return result;
    } finally {
      await server.stop();
    }
  });
}

const stores: Store[] = values.backend === 'pglite' ? ['pglite-as-shipped', 'pglite'] : values.backend === 'postgresql' ? ['postgresql'] : ['pglite-as-shipped', 'pglite', 'postgresql'];
const results: Record<string, unknown>[] = [];
const cluster = stores.includes('postgresql') ? await startPgCluster({ durable: true }) : null;
if (stores.includes('postgresql') && !cluster) console.log('postgresql: skipped, initdb/pg_ctl not found (install Debian\'s postgresql)');
try {
  const tracing = straceAvailable();
  if (!tracing) console.log('syncs: skipped, strace is not installed (apt-get install strace)');
  for (const store of stores) {
    if (store === 'postgresql' && !cluster) continue;
    if (tracing) results.push(await syncs(store, cluster));
    results.push(await timing(store, cluster));
  }
} finally {
  cluster?.stop();
}
console.log(JSON.stringify(results));
