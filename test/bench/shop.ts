/**
 * npm run bench:shop [-- --part all|push|tills|dump|pull,visible,charge --sales 100000 --batch 500 --backend both|postgresql|pglite
 *                        --products 50000 --changes 50 --charges 200 --dump-fill 20000 --dump-quiet 400]
 * push: the shop server in its own process (as `npm run server` runs it), on a throwaway PostgreSQL cluster (default
 * durability) and on embedded PGlite: one paired till pushes sales in batches of 500; prints sales per second and the
 * server process's RSS at the start, the middle and the end of the run.
 * tills (shop-tills.ts, PostgreSQL): a new till pulling the catalog, a change visible on three tills, a charge's
 * round trip with and without the push.
 * audit (shop-audit.ts, not in "all": it builds a year-old till first): the tills' digest comparison (issue 25) at a
 * year of one till's sales, on PostgreSQL and PGlite (--backend): requests, bytes, server CPU per round, and healing a
 * loss. `--audit-sales 200000 --rounds 5`.
 * dump (shop-dump.ts, per --backend): push p99 while the server takes its scheduled copy vs without (target ≤ 1.5×).
 * processes (shop-processes.ts, PostgreSQL): the server as one process and as two on one PostgreSQL: pushes per
 * second from every till at once, and a change → every till p50/p95. `--proc-tills 4 --proc-pushes 50
 * --proc-batch 10 --proc-changes 30`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startPgCluster } from '../support/pg-cluster';
import { ShopTill } from '../support/shop-till';
import { sale } from '../integration/server/samples';
import { benchCharge, benchPull, benchVisible } from './shop-tills';
import { benchAudit } from './shop-audit';
import { benchDumpPush } from './shop-dump';
import { benchProcesses } from './shop-processes';

const { values } = parseArgs({ options: {
  sales: { type: 'string', default: '100000' }, batch: { type: 'string', default: '500' }, backend: { type: 'string', default: 'both' },
  part: { type: 'string', default: 'all' }, products: { type: 'string', default: '50000' }, changes: { type: 'string', default: '50' },
  charges: { type: 'string', default: '200' }, 'audit-sales': { type: 'string', default: '200000' }, rounds: { type: 'string', default: '5' }, 'dump-fill': { type: 'string', default: '20000' }, 'dump-quiet': { type: 'string', default: '400' },
  'proc-tills': { type: 'string', default: '4' }, 'proc-pushes': { type: 'string', default: '50' }, 'proc-batch': { type: 'string', default: '10' }, 'proc-changes': { type: 'string', default: '30' },
} });
const parts = new Set(values.part.split(',').flatMap((p) => (p === 'all' ? ['push', 'pull', 'visible', 'charge', 'dump', 'processes'] : p === 'tills' ? ['pull', 'visible', 'charge'] : [p])));
const pushPart = parts.has('push');
const tillsPart = parts.has('pull') || parts.has('visible') || parts.has('charge');
const auditPart = parts.has('audit');
const auditArgs = [Number(values['audit-sales']), Number(values.rounds)] as const;
const dumpPart = parts.has('dump');
const processesPart = parts.has('processes');
const dumpFill = Number(values['dump-fill']);
const dumpQuiet = Number(values['dump-quiet']);
const TOTAL = Number(values.sales);
const BATCH = Number(values.batch);
const root = fileURLToPath(new URL('../..', import.meta.url));

const rssMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
  return Math.round(Number(line.replace(/\D/g, '')) / 1024);
};

async function startServer(dataDir: string, databaseUrl?: string): Promise<{ child: ChildProcess; url: string }> {
  const args = ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir];
  if (databaseUrl) args.push('--database-url', databaseUrl);
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = / en (http\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
  });
  child.stdout!.resume();
  return { child, url };
}

async function run(name: string, databaseUrl?: string): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-bench-shop-'));
  const { child, url } = await startServer(dataDir, databaseUrl);
  try {
    const admin = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const opened = await (await fetch(`${url}/admin/pairing`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` } })).json() as { code: string };
    const till = new ShopTill(url);
    if ((await till.pair(opened.code)).status !== 200) throw new Error('pairing failed');
    const template = sale('TEMPLATE');
    const rss = { start: rssMb(child.pid!), middle: 0, end: 0 };
    const started = performance.now();
    let middleRate = 0;
    for (let done = 0; done < TOTAL; done += BATCH) {
      const sales = Array.from({ length: Math.min(BATCH, TOTAL - done) }, (_, i) => {
        const ref = `BENCH-${done + i}`;
        return { ...template, referenceCode: ref, saleNumber: done + i + 1, invoice: { ...template.invoice, reference_code: ref } };
      });
      const answer = await till.call('POST', '/v1/sales', { sales });
      if (answer.status !== 200 || answer.body.stored !== sales.length) throw new Error(`push refused: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      if (done + BATCH >= TOTAL / 2 && rss.middle === 0) {
        rss.middle = rssMb(child.pid!);
        middleRate = Math.round((done + BATCH) / ((performance.now() - started) / 1000));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    rss.end = rssMb(child.pid!);
    const result = { backend: name, sales: TOTAL, batch: BATCH, seconds: Number(seconds.toFixed(1)), salesPerSecond: Math.round(TOTAL / seconds), firstHalfPerSecond: middleRate, rssMb: rss };
    console.log(`${name}: ${TOTAL} sales in batches of ${BATCH}: ${result.salesPerSecond} sales/s (first half ${middleRate}/s), ${result.seconds} s; server RSS start ${rss.start} MB, middle ${rss.middle} MB, end ${rss.end} MB`);
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Record<string, unknown>[] = [];
if ((pushPart && values.backend !== 'pglite') || tillsPart || processesPart || ((auditPart || dumpPart) && values.backend !== 'pglite')) {
  const cluster = await startPgCluster({ durable: true });
  if (!cluster) console.log('postgresql: skipped, initdb/pg_ctl not found (install Debian\'s postgresql)');
  else {
    try {
      if (pushPart && values.backend !== 'pglite') results.push(await run('postgresql', await cluster.createDatabase('bench_shop')));
      if (tillsPart) {
        if (parts.has('pull')) results.push({ part: 'pull', ...await benchPull(await cluster.createDatabase('bench_pull'), Number(values.products)) });
        if (parts.has('visible')) results.push({ part: 'visible', ...await benchVisible(await cluster.createDatabase('bench_visible'), Number(values.changes)) });
        if (parts.has('charge')) results.push({ part: 'charge', ...await benchCharge(await cluster.createDatabase('bench_charge'), Number(values.charges)) });
      }
      if (auditPart && values.backend !== 'pglite') results.push({ part: 'audit', ...await benchAudit('postgresql', await cluster.createDatabase('bench_audit'), ...auditArgs) });
      if (processesPart) {
        const o = { tills: Number(values['proc-tills']), pushes: Number(values['proc-pushes']), batch: Number(values['proc-batch']), changes: Number(values['proc-changes']) };
        for (const r of await benchProcesses(cluster, o)) results.push({ part: 'processes', ...r });
      }
      if (dumpPart && values.backend !== 'pglite') {
        results.push({ part: 'dump', ...await benchDumpPush(root, 'postgresql', dumpFill, dumpQuiet, await cluster.createDatabase('bench_dump')) });
      }
    } finally {
      cluster.stop();
    }
  }
}
if (pushPart && (values.backend === 'both' || values.backend === 'pglite')) results.push(await run('pglite'));
if (auditPart && (values.backend === 'both' || values.backend === 'pglite')) results.push({ part: 'audit', ...await benchAudit('pglite', undefined, ...auditArgs) });
if (dumpPart && (values.backend === 'both' || values.backend === 'pglite')) results.push({ part: 'dump', ...await benchDumpPush(root, 'pglite', dumpFill, dumpQuiet) });
console.log(JSON.stringify(results));
