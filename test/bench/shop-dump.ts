/**
 * bench:shop's `dump` part (issue 25): push latency while the server takes its scheduled copy, against without.
 * The server runs in its own process as `npm run server -- --backup-dir DIR` runs it; a paired till fills the shop
 * with `fill` sales, then pushes one sale per request, back to back: `quiet` pushes before, as many as fit while a
 * copy runs (`POST /admin/backup`, what `backup-now` and the daily schedule run), `quiet` pushes after. Target: the
 * p99 while copying at most 1.5 × the p99 without.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShopTill } from '../support/shop-till';
import { sale } from '../integration/server/samples';

export interface DumpBenchResult {
  backend: string;
  fill: number;
  copyMs: number;
  copyBytes: number;
  pushesDuring: number;
  without: { n: number; p50: number; p99: number; max: number };
  during: { n: number; p50: number; p99: number; max: number };
  p99Ratio: number;
  /** PGlite only: the same while PGlite's own dumpDataDir runs (`shop:dump`'s way, holding the store), for comparison. */
  duringDumpDataDir?: { n: number; p50: number; p99: number; max: number; ms: number };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (x: number) => Number(x.toFixed(1));
  return { n: sorted.length, p50: r(percentile(sorted, 0.5)), p99: r(percentile(sorted, 0.99)), max: r(sorted.at(-1) ?? 0) };
};

async function startServer(root: string, dataDir: string, backupDir: string, databaseUrl?: string): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  const args = ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--backup-dir', backupDir];
  if (databaseUrl) args.push('--database-url', databaseUrl);
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      lines.push(...chunk.toString().split('\n').filter((l) => l.includes('backup')));
      const match = / en (http\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
  });
  return { child, url, lines };
}

export async function benchDumpPush(root: string, name: string, fill: number, quiet: number, databaseUrl?: string): Promise<DumpBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-bench-dump-'));
  const backupDir = mkdtempSync(join(tmpdir(), 'mostrador-bench-copies-'));
  const { child, url, lines } = await startServer(root, dataDir, backupDir, databaseUrl);
  try {
    // The copy due at start (the folder is empty) is taken first, on the empty shop.
    const until = Date.now() + 120_000;
    while (!lines.some((l) => /copia: guardada|copia FALLIDA/.test(l))) {
      if (Date.now() > until) throw new Error('the copy at start did not finish within two minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    const admin = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const adminPost = (path: string) => fetch(`${url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` } });
    const opened = await (await adminPost('/admin/pairing')).json() as { code: string };
    const till = new ShopTill(url);
    if ((await till.pair(opened.code)).status !== 200) throw new Error('pairing failed');
    const template = sale('TEMPLATE');
    let n = 0;
    const next = (count: number) => Array.from({ length: count }, () => {
      const ref = `DUMP-${n++}`;
      return { ...template, referenceCode: ref, saleNumber: n, invoice: { ...template.invoice, reference_code: ref } };
    });
    for (let done = 0; done < fill; done += 500) {
      const answer = await till.call('POST', '/v1/sales', { sales: next(Math.min(500, fill - done)) });
      if (answer.status !== 200) throw new Error(`fill refused: ${answer.status}`);
    }
    const pushOne = async (): Promise<number> => {
      const started = performance.now();
      const answer = await till.call('POST', '/v1/sales', { sales: next(1) });
      if (answer.status !== 200) throw new Error(`push refused: ${answer.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 100; i++) await pushOne(); // warm
    const without: number[] = [];
    for (let i = 0; i < quiet; i++) without.push(await pushOne());
    const during: number[] = [];
    const copyStarted = performance.now();
    let copyDone = false;
    const copy = adminPost('/admin/backup').then(async (r) => ({ status: r.status, body: await r.json() as { file?: string } }))
      .finally(() => { copyDone = true; });
    while (!copyDone) during.push(await pushOne());
    const copied = await copy;
    const copyMs = Math.round(performance.now() - copyStarted);
    if (copied.status !== 200 || !copied.body.file) throw new Error(`the copy failed: ${JSON.stringify(copied.body)}`);
    for (let i = 0; i < quiet; i++) without.push(await pushOne());
    let held: DumpBenchResult['duringDumpDataDir'];
    if (!databaseUrl) {
      const timesHeld: number[] = [];
      let heldDone = false;
      const heldStarted = performance.now();
      const out = join(backupDir, 'dumpDataDir.tar.gz');
      const dumped = fetch(`${url}/admin/dump`, { method: 'POST', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ out }) })
        .finally(() => { heldDone = true; });
      while (!heldDone) timesHeld.push(await pushOne());
      if ((await dumped).status !== 200) throw new Error('dumpDataDir failed');
      held = { ...summary(timesHeld), ms: Math.round(performance.now() - heldStarted) };
    }
    const w = summary(without);
    const d = summary(during);
    const result: DumpBenchResult = {
      backend: name, fill, copyMs, copyBytes: readFileSync(copied.body.file).length, pushesDuring: during.length,
      without: w, during: d, p99Ratio: Number((d.p99 / Math.max(w.p99, 0.1)).toFixed(2)), ...(held ? { duringDumpDataDir: held } : {}),
    };
    console.log(`dump ${name}: shop of ${fill} sales, copy ${copyMs} ms (${(result.copyBytes / 1e6).toFixed(1)} MB); push without a copy `
      + `p50 ${w.p50} ms p99 ${w.p99} ms max ${w.max} ms (${w.n}); while copying p50 ${d.p50} ms p99 ${d.p99} ms max ${d.max} ms (${d.n}); `
      + `p99 ratio ${result.p99Ratio} (target ≤ 1.5)`
      + `${held ? `; for comparison, while PGlite's dumpDataDir runs (${held.ms} ms): p50 ${held.p50} ms p99 ${held.p99} ms max ${held.max} ms (${held.n})` : ''}`);
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  }
}
