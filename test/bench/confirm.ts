/**
 * `npm run bench:confirm [-- --each 20 --stream-seconds 60 --stream-rate 10]`: how fast a charged sale is shown
 * VALIDATED, what a busy stream costs in requests, and how quickly sending resumes after an outage — Mostrador's
 * core (store on a SQLite file, API client, sync engine) against the sandbox in its own process, over HTTP on
 * 127.0.0.1, with the service's real limit of 300 requests per minute. "Shown" is the engine's sale event with
 * state validated, which the app forwards to the screen as `sale.updated`. Prints a summary and, last, one line of JSON.
 *
 * (a) one sale at a time with a 300 ms pause, at validation delays of 300 ms, 2 s and a random 1–8 s: p50/p95 of
 *     charge → validated shown, and of the overhead above the service's own delay for that document (the first
 *     3 sales of each run, which calibrate a new till's estimate, are left out and counted separately);
 * (b) a steady stream (10 sales per second for 60 s, 2 s validation): requests per invoice until all are validated;
 * (c) the same kind of stream (2 per second) with the service down for 20 s: seconds from its return to the first
 *     successful send.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInvoicingApi, type InvoicingApi } from '../../common/invoicing/invoicing-api';
import { openStore, type Store } from '../../electron/core/store';
import { createSyncEngine, type SyncEngine } from '../../electron/core/sync/sync-engine';
import { validationDelayOf } from '../../sandbox/pipeline';
import { sampleSale } from '../support/sample-sale';
import { spawnSandbox, type SandboxProcess } from '../support/sandbox-process';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const EACH = arg('each', 20);
const WARMUP = 3;
const PAUSE_MS = 300;
const STREAM_SECONDS = arg('stream-seconds', 60);
const STREAM_RATE = arg('stream-rate', 10);
const OUTAGE_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number);
};

interface Core { dir: string; store: Store; api: InvoicingApi; engine: SyncEngine; shown: Map<string, number>; sentAt: number[] }

function startCore(sb: SandboxProcess): Core {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-confirm-'));
  const store = openStore({ path: join(dir, 'confirm.sqlite') });
  const api = createInvoicingApi({ baseUrl: sb.baseUrl, clientId: sb.clientId, getClientSecret: async () => sb.clientSecret });
  // The app's defaults: nothing tuned for the benchmark.
  const engine = createSyncEngine({ store, api, service: 'bench' });
  const shown = new Map<string, number>();
  const sentAt: number[] = [];
  engine.subscribe((e) => {
    if (e.type !== 'sale') return;
    if (e.state === 'validated') shown.set(e.referenceCode, performance.now());
    if (e.state === 'queued' || e.state === 'validated') sentAt.push(performance.now());
  });
  engine.start();
  return { dir, store, api, engine, shown, sentAt };
}

async function stopCore(core: Core): Promise<void> {
  await core.engine.stop();
  await core.api.close();
  core.store.close();
  rmSync(core.dir, { recursive: true, force: true });
}

const charge = (core: Core, i: number): { ref: string; at: number } => {
  const at = performance.now();
  const ref = core.store.recordSale({ ...sampleSale(i), service: 'bench' }).referenceCode;
  core.engine.kick();
  return { ref, at };
};

async function until(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) return false;
    await sleep(2);
  }
  return true;
}

interface OneAtATime { label: string; n: number; shown_p50_ms: number; shown_p95_ms: number; overhead_p50_ms: number; overhead_p95_ms: number; warmup_overhead_max_ms: number }

async function oneAtATime(label: string, minMs: number, maxMs: number): Promise<OneAtATime> {
  const flags = ['--validation-delay-ms', String(minMs), ...(maxMs > minMs ? ['--validation-delay-max-ms', String(maxMs)] : [])];
  const sb = await spawnSandbox(flags);
  const core = startCore(sb);
  const shownMs: number[] = [];
  const overheads: number[] = [];
  const warmup: number[] = [];
  for (let i = 0; i < EACH + WARMUP; i++) {
    const { ref, at } = charge(core, i);
    if (!(await until(() => core.shown.has(ref), 60_000))) throw new Error(`${label}: sale ${i} not validated within 60 s`);
    const took = (core.shown.get(ref) as number) - at;
    const remoteId = core.store.getSaleByReference(ref)?.outbox.remoteId as string;
    const overhead = took - validationDelayOf(remoteId, { validationDelayMs: minMs, validationDelayMaxMs: maxMs });
    if (i < WARMUP) warmup.push(overhead);
    else {
      shownMs.push(took);
      overheads.push(overhead);
    }
    await sleep(PAUSE_MS);
  }
  await stopCore(core);
  await sb.stop();
  const r = (x: number) => Math.round(x);
  return {
    label, n: EACH, shown_p50_ms: r(quantile(shownMs, 0.5)), shown_p95_ms: r(quantile(shownMs, 0.95)),
    overhead_p50_ms: r(quantile(overheads, 0.5)), overhead_p95_ms: r(quantile(overheads, 0.95)), warmup_overhead_max_ms: r(Math.max(...warmup)),
  };
}

async function stream(): Promise<{ n: number; requests: number; requests_per_invoice: number; drained_ms: number; http_429: number }> {
  const sb = await spawnSandbox(['--validation-delay-ms', '2000', '--rate-limit', '300']);
  const core = startCore(sb);
  const n = STREAM_SECONDS * STREAM_RATE;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / STREAM_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    charge(core, i);
  }
  const drained = await until(() => core.shown.size === n, 10 * 60_000);
  const elapsed = Math.round(performance.now() - t0);
  const stats = core.api.stats();
  await stopCore(core);
  await sb.stop();
  if (!drained) throw new Error('stream: not every sale was validated within 10 minutes');
  return { n, requests: stats.requests, requests_per_invoice: Number((stats.requests / n).toFixed(3)), drained_ms: elapsed, http_429: stats.http429 };
}

async function outage(): Promise<{ outage_ms: number; recovery_s: number; sales: number; all_validated: boolean }> {
  const dbDir = mkdtempSync(join(tmpdir(), 'mostrador-confirm-sb-'));
  const flags = ['--validation-delay-ms', '2000', '--db', join(dbDir, 'service.sqlite')];
  let sb = await spawnSandbox(flags);
  const port = new URL(sb.baseUrl).port;
  const core = startCore(sb);
  let i = 0;
  const sellFor = async (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      charge(core, i++);
      await sleep(500);
    }
  };
  await sellFor(10_000);
  await sb.stop();
  await sellFor(OUTAGE_MS);
  sb = await spawnSandbox([...flags, '--port', port]);
  const back = performance.now();
  const firstSend = until(() => core.sentAt.some((t) => t > back), 120_000);
  await sellFor(10_000);
  await firstSend;
  const first = core.sentAt.find((t) => t > back);
  const all = await until(() => core.shown.size === i, 120_000);
  await stopCore(core);
  await sb.stop();
  rmSync(dbDir, { recursive: true, force: true });
  return { outage_ms: OUTAGE_MS, recovery_s: first === undefined ? NaN : Number(((first - back) / 1000).toFixed(2)), sales: i, all_validated: all };
}

const progress = (line: string) => process.stderr.write(`bench:confirm ${line}\n`);
progress('(a) one sale at a time…');
const a = [
  await oneAtATime('300 ms', 300, 300),
  await oneAtATime('2 s', 2_000, 2_000),
  await oneAtATime('1–8 s', 1_000, 8_000),
];
progress('(b) steady stream…');
const b = await stream();
progress('(c) outage…');
const c = await outage();

console.log(`(a) one sale at a time, ${EACH} sales each after ${WARMUP} to calibrate, ${PAUSE_MS} ms pauses:`);
console.log('    delay      charge→validated p50 / p95     overhead p50 / p95     (calibration sales: overhead max)');
for (const r of a) {
  console.log(`    ${r.label.padEnd(9)}  ${String(r.shown_p50_ms).padStart(6)} / ${String(r.shown_p95_ms).padStart(6)} ms`
    + `       ${String(r.overhead_p50_ms).padStart(5)} / ${String(r.overhead_p95_ms).padStart(5)} ms      (${r.warmup_overhead_max_ms} ms)`);
}
console.log(`(b) stream of ${STREAM_RATE}/s for ${STREAM_SECONDS} s at 300 requests/min: ${b.requests} requests for ${b.n} invoices = `
  + `${b.requests_per_invoice} requests/invoice, all validated after ${(b.drained_ms / 1000).toFixed(1)} s, ${b.http_429} × 429`);
console.log(`(c) ${OUTAGE_MS / 1000} s outage during a stream of 2/s: first successful send ${c.recovery_s} s after the service was back; `
  + `${c.sales} sales, ${c.all_validated ? 'all validated' : 'NOT ALL VALIDATED'}`);
const ok = a.every((r) => r.overhead_p95_ms <= 500) && b.requests_per_invoice <= 1.2 && c.recovery_s <= 5 && c.all_validated;
console.log(ok ? 'targets met (p95 overhead ≤ 500 ms, ≤ 1.2 requests/invoice, recovery ≤ 5 s)' : 'TARGETS MISSED');
console.log(JSON.stringify({ bench: 'confirm', one_at_a_time: a, stream: b, outage: c }));
