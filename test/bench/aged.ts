/**
 * A till that has lived for a year against an empty one, in the same run, in browser mode (the real core over HTTP):
 * idle CPU, the bridge's round trip while idle, charges at the counter's pace (one every 250 ms, owner signed in) with
 * the bridge and History searches meanwhile, start to ready and RSS after. The aged data folder is built once and
 * cached (aged-till.ts); each run works on a copy.
 * The app runs as it ships (electron/web.ts bundled by esbuild, plain node; the demo service inside the same process),
 * or with --tsx as in development (tsx alone adds some 55 MB). --cpu-prof writes the app's CPU profiles to the folder.
 * Usage: npm run bench:aged [-- --quick] [--sales 200000] [--idle 60] [--charges 200] [--only aged|empty] [--search-every 1000] [--tsx]
 *        [--cpu-prof <folder>]
 * Targets (aged): CPU ≤ 2 % of a core; bridge p99 ≤ 20 ms, max ≤ 100 ms; charge p99 ≤ 50 ms; search p95 ≤ 100 ms
 * while selling; start ≤ 1.5 × the empty till's; RSS ≤ 150 MB.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BridgeInput, BridgeMethod, BridgeResult } from '../../shared/bridge/contract';
import { consumidorFinal } from '../../shared/customer';
import { removeDataDir, startApp, type AppProcess } from '../e2e/app-process';
import { AGED_OWNER_PIN, agedTill, copyAgedTill } from './aged-till';
import { buildWebBundle } from './web-bundle';

const { values } = parseArgs({ options: {
  quick: { type: 'boolean', default: false }, sales: { type: 'string', default: '200000' },
  idle: { type: 'string' }, charges: { type: 'string' }, only: { type: 'string' }, 'search-every': { type: 'string' },
  tsx: { type: 'boolean', default: false }, 'cpu-prof': { type: 'string' },
} });
const idleSeconds = Number(values.idle ?? (values.quick ? 15 : 60));
const chargeCount = Number(values.charges ?? (values.quick ? 50 : 200));
// History searches while selling, one every this many ms (0: none, to see what the searches add to a charge's tail).
const searchEveryMs = Number(values['search-every'] ?? 1_000);
const salesCount = Number(values.sales);
const log = (line: string): void => { process.stdout.write(`${line}\n`); };
const bundle = values.tsx ? undefined : await buildWebBundle();
const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
const howRun = bundle ? 'bundled electron/web.ts (esbuild) under plain node' : 'electron/web.ts under tsx';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
function cpuTicks(pid: number): number {
  // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
/** The app process's resident memory (VmRSS); the demo service runs inside it, so there is no child to add. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/**
 * A kept-alive socket the server closes just as a request goes out resets (Node's 5 s keep-alive timeout meets a
 * stalled event loop); nothing was processed, so the call is sent again on a fresh connection.
 */
async function call<M extends BridgeMethod>(app: AppProcess, method: M, input: BridgeInput<M>): Promise<BridgeResult<M>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await callOnce(app, method, input);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw error;
    }
  }
}
async function callOnce<M extends BridgeMethod>(app: AppProcess, method: M, input: BridgeInput<M>): Promise<BridgeResult<M>> {
  const res = await fetch(`${app.origin}/bridge/${method}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-mostrador-key': app.key }, body: JSON.stringify(input),
    signal: AbortSignal.timeout(30_000),
  });
  const envelope = await res.json() as { ok: true; value: BridgeResult<M> } | { ok: false; error: { code: string; message: string } };
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}
let failures = 0;
/** Times one call; a failed one (a time-out) counts at the time it took and is reported, not fatal. */
async function timed<M extends BridgeMethod>(into: number[], app: AppProcess, method: M, input: BridgeInput<M>): Promise<BridgeResult<M> | null> {
  const started = performance.now();
  try {
    return await call(app, method, input);
  } catch (error) {
    failures++;
    log(`${method} failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    into.push(performance.now() - started);
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));
function quantile(list: number[], q: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/** Repeats `work` every `everyMs` until `until` resolves; returns when the last call is done. */
async function every(everyMs: number, stop: { done: boolean }, work: () => Promise<unknown>): Promise<void> {
  let next = performance.now();
  while (!stop.done) {
    await work();
    next += everyMs;
    await sleep(next - performance.now());
  }
}

const ITEMS = [
  { code: 'CAF-500', name: 'Café molido tradicional 500 g', quantity: 1, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
  { code: 'ALM-EJE', name: 'Almuerzo ejecutivo', quantity: 2, unit_measure: '94', price: 16000, discount_rate: 10, taxes: [{ code: '04', rate: 8 }] },
];
/** What people type in History: bare sale numbers, names, a NIT, an invoice number, a reference fragment. */
const SEARCHES = ['581', '12345', 'gómez', 'maría', '800007919', 'SETP990150000', '199999', 'peña', '77', 'torres díaz'];

interface Figures {
  startMs: number; idleCpu: number; idleP99: number; idleMax: number;
  chargeP50: number; chargeP99: number; busyBridgeP99: number; searchP95: number; rss: number; rssPeak: number;
  /** Of the RSS after: anonymous memory (heaps, SQLite's caches) and mapped files (the node binary's pages). */
  rssAnon: number; rssFile: number;
}

async function measure(kind: 'empty' | 'aged'): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), `mostrador-bench-aged-${kind}-`));
  if (kind === 'aged') copyAgedTill(await agedTill(salesCount, log), dataDir);
  const started = performance.now();
  const app = await startApp({ dataDir, nodeArgs, ...(bundle ? { bundle } : {}) });
  const startMs = performance.now() - started;
  try {
    // The owner is at the till: set up on the empty one (the first person is signed in), signed in on the aged one.
    const session = await call(app, 'people.session', {});
    const owner = session.people.find((p) => p.role === 'owner');
    if (owner) await call(app, 'people.signIn', { personId: owner.id, pin: AGED_OWNER_PIN });
    else await call(app, 'people.save', { person: { name: 'Dueña', role: 'owner', pin: AGED_OWNER_PIN } });
    // With people set up a till sells inside a shift (issue 26).
    if (!(await call(app, 'shifts.current', {}))) await call(app, 'shifts.open', { openingCash: 0 });
    await sleep(3_000); // the demo service and the first status settle

    const idle: number[] = [];
    const before = cpuTicks(app.pid);
    const idleStarted = performance.now();
    const idleStop = { done: false };
    const pinging = every(500, idleStop, () => timed(idle, app, 'app.info', {}));
    await sleep(idleSeconds * 1000);
    idleStop.done = true;
    await pinging;
    log(`${kind}: idle measured`);
    const idleCpu = ((cpuTicks(app.pid) - before) / TICKS_PER_SECOND) / ((performance.now() - idleStarted) / 1000) * 100;

    const charges: number[] = [];
    const busy: number[] = [];
    const searches: number[] = [];
    const stop = { done: false };
    const customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' });
    const bridge = every(100, stop, () => timed(busy, app, 'app.info', {}));
    let k = 0;
    const history = searchEveryMs <= 0 ? Promise.resolve() : every(searchEveryMs, stop, () => timed(searches, app, 'sales.search', { text: SEARCHES[k++ % SEARCHES.length] as string, limit: 100 }));
    let next = performance.now();
    for (let i = 0; i < chargeCount; i++) {
      await timed(charges, app, 'sales.charge', { customer, items: ITEMS, payment: { form_code: '1', means_code: '48' } });
      next += 250;
      await sleep(next - performance.now());
    }
    stop.done = true;
    await Promise.all([bridge, history]);
    return {
      startMs, idleCpu, idleP99: quantile(idle, 0.99), idleMax: Math.max(...idle),
      chargeP50: quantile(charges, 0.5), chargeP99: quantile(charges, 0.99), busyBridgeP99: quantile(busy, 0.99),
      searchP95: quantile(searches, 0.95), rss: rssMb(app.pid), rssPeak: rssMb(app.pid, 'VmHWM'),
      rssAnon: rssMb(app.pid, 'RssAnon'), rssFile: rssMb(app.pid, 'RssFile'),
    };
  } catch (error) {
    log(`${kind} till failed; the app said:\n${app.output().slice(-3000)}`);
    throw error;
  } finally {
    await app.stop();
    removeDataDir(dataDir);
  }
}

const empty = values.only === 'aged' ? null : await measure('empty');
const aged = values.only === 'empty' ? null : await measure('aged');

const f = (n: number | undefined, digits = 1): string => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));
const rows: Array<[string, keyof Figures, string, (a: number, e: number | undefined) => boolean, number]> = [
  ['start to ready (ms)', 'startMs', '≤ 1.5× empty', (a, e) => e === undefined || a <= 1.5 * e, 0],
  ['idle CPU (% of a core)', 'idleCpu', '≤ 2', (a) => a <= 2, 2],
  ['bridge p99 idle (ms)', 'idleP99', '≤ 20', (a) => a <= 20, 1],
  ['bridge max idle (ms)', 'idleMax', '≤ 100', (a) => a <= 100, 1],
  ['charge p50 (ms)', 'chargeP50', '', () => true, 1],
  ['charge p99 (ms)', 'chargeP99', '≤ 50', (a) => a <= 50, 1],
  ['bridge p99 selling (ms)', 'busyBridgeP99', '≤ 20', (a) => a <= 20, 1],
  ['search p95 selling (ms)', 'searchP95', '≤ 100', (a) => a <= 100, 1],
  ['RSS after (MB)', 'rss', '≤ 150', (a) => a <= 150, 0],
  ['RSS peak (MB)', 'rssPeak', '', () => true, 0],
  ['  of it anonymous (MB)', 'rssAnon', '', () => true, 0],
  ['  of it mapped files (MB)', 'rssFile', '', () => true, 0],
];
log(`\nbench:aged — ${salesCount} sales, ${idleSeconds} s idle, ${chargeCount} charges every 250 ms${values.quick ? ' (quick)' : ''}`);
log(`app: ${howRun}; RSS is the app process's VmRSS (the demo service runs inside it)`);
log(`${'measure'.padEnd(26)}${'empty'.padStart(10)}${'aged'.padStart(10)}  target`);
let failed = 0;
for (const [name, key, target, ok, digits] of rows) {
  const a = aged?.[key];
  const e = empty?.[key];
  // Not measured in this run (no searches with --search-every 0): no verdict.
  const verdict = a === undefined || Number.isNaN(a) || target === '' ? '' : ok(a, e) ? 'PASS' : 'FAIL';
  if (verdict === 'FAIL') failed++;
  log(`${name.padEnd(26)}${f(e, digits).padStart(10)}${f(a, digits).padStart(10)}  ${target} ${verdict}`.trimEnd());
}
if (failures > 0) log(`${failures} calls failed (counted at the time they took)`);
log(JSON.stringify({ bench: 'aged', sales: salesCount, quick: values.quick, app: bundle ? 'bundle' : 'tsx', empty, aged }));
process.exitCode = failed > 0 ? 1 : 0;
