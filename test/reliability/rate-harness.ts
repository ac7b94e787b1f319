/**
 * Rate-budget runs against the sandbox's real rate limit (the sandbox in its own process, windows scaled alike
 * for the sandbox and the tills): (a) a till SIGKILLed mid-drain and restarted on the same data file; (b) two
 * tills with their own data files on one client id. The figures are as the service counts: every request that
 * reached its rate limit (refused ones too), from the sandbox's `/sandbox/arrivals`.
 * Used by `test/reliability/rate-budget.test.ts` (small, fast) and `npm run bench:rate` (the 60 s window, scaled).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { rateBudgetFor } from '../../common/invoicing/invoicing-api';
import { openStore } from '../../electron/core/store';
import { busiestWindowAt } from '../support/busiest-window';
import { sampleSale } from '../support/sample-sale';
import { spawnSandbox, type SandboxProcess } from '../support/sandbox-process';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { pairTill } from '../../electron/core/shop/pairing';
import { memoryCredentials } from '../integration/shop/shop-test-rig';

export interface RateRunOptions {
  /** The service's limit per window (the tills keep to `tillLimit`, the app's own budget under it by default). */
  serviceLimit: number;
  windowMs: number;
  salesPerTill: number;
  tillLimit?: number;
  log?: (line: string) => void;
  /**
   * An uneven service: each document takes between the usual delay (a thirtieth of the window: 2 s at scale 1) and
   * this long to leave QUEUED (fixed per document). Without it every document takes exactly the usual delay.
   */
  serviceDelayMaxMs?: number;
}

export interface RateFigures {
  scenario: string;
  /** The most requests that reached the service in any window (refused ones included). */
  maxInWindow: number;
  /** When that busiest window begins, ms after the first arrival (to tell which part of a run went over). */
  busiestFromMs: number;
  /** Arrivals in each tenth of a window from the first arrival (refused ones included): where the requests went. */
  perTenth: number[];
  http429: number;
  requests: number;
  /** The sales drained (every till's backlog). */
  sales: number;
  /** Requests the service accepted (not 429), and the span from the first arrival to the last. */
  accepted: number;
  drainSpanMs: number;
  notValidated: number;
  drained: boolean;
  kills: number;
  elapsedMs: number;
}

interface Arrival {
  at: number;
  key: string;
  ok: boolean;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Issue 28: the service's credentials at a shop server process, as the owner enters them (`service-account set`, the
 * secret on standard input into that machine's keychain; the running server is told through its admin routes).
 */
export function setServiceAccountAt(server: ShopServerProcess, sb: SandboxProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'service-account', 'set', '--service-url', sb.baseUrl,
      '--client-id', sb.clientId, '--data-dir', server.dataDir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => { output += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
    child.stdin.end(sb.clientSecret);
    const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(limit);
      if (code === 0) resolve();
      else reject(new Error(`service-account set failed (${code}): ${output.slice(-1000)}`));
    });
  });
}

/** Issue 28: the service's webhooks at a running shop server, registered at the sandbox by the server itself (`webhooks set --adapter sandbox`). */
export function setWebhooksAt(server: ShopServerProcess, publicUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'webhooks', 'set', '--public-url', publicUrl, '--adapter', 'sandbox',
      '--data-dir', server.dataDir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => { output += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
    child.stdin.end();
    const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(limit);
      if (code === 0) resolve();
      else reject(new Error(`webhooks set failed (${code}): ${output.slice(-1000)}`));
    });
  });
}

/** Bundles the child once, so each (re)start is a plain `node` start, not a TypeScript compile. */
async function bundleChild(): Promise<string> {
  const childJs = join(ROOT, `node_modules/.cache/mostrador-rate/child-${process.pid}.mjs`);
  await build({
    entryPoints: [join(ROOT, 'test/reliability/rate-child.ts')],
    bundle: true, platform: 'node', format: 'esm', outfile: childJs, logLevel: 'silent',
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return childJs;
}

function recordBacklog(dbPath: string, count: number): void {
  const store = openStore({ path: dbPath });
  try {
    for (let i = 0; i < count; i++) store.recordSale(sampleSale(i));
  } finally {
    store.close();
  }
}

function notValidated(dbPath: string): number {
  const store = openStore({ path: dbPath });
  try {
    const c = store.counts();
    return c.waiting + c.sending + c.queued + c.needs_attention;
  } finally {
    store.close();
  }
}

interface ChildRun {
  drained: boolean;
  killed: boolean;
}

/** A till paired with a shop server (issue 28): where it reaches the server, and its signing key (PKCS#8 PEM). */
interface ShopPairing { url: string; pin: string; tillId: string; keyPem: string }

/** Runs one till until it drains, or SIGKILLs it once it has sent `killAfterRequests`; bounded by `deadlineMs`. */
function runTill(childJs: string, sb: SandboxProcess, o: {
  dbPath: string; share: number; tillLimit: number; windowMs: number; killAfterRequests?: number; deadlineMs: number; shop?: ShopPairing;
  onMode?: (line: string) => void;
  /** Issue 28: more of the child's flags (`--confirm`, `--stream-rate`…), and each `SHOWN <ms>` it prints. */
  extraArgs?: string[];
  onShown?: (ms: number) => void;
}): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const shopArgs = [...(o.shop ? ['--shop-url', o.shop.url, '--shop-pin', o.shop.pin, '--till-id', o.shop.tillId] : []), ...(o.extraArgs ?? [])];
    const child = spawn(process.execPath, [childJs, '--db', o.dbPath, '--base-url', sb.baseUrl, '--client-id', sb.clientId,
      '--limit', String(o.tillLimit), '--window-ms', String(o.windowMs), '--share', String(o.share), ...shopArgs], {
      cwd: ROOT, env: { ...process.env, MOSTRADOR_CLIENT_SECRET: sb.clientSecret, ...(o.shop ? { MOSTRADOR_TILL_KEY: o.shop.keyPem } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    let stderr = '';
    let drained = false;
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('DRAINED')) drained = true;
        if (line.startsWith('MODE ') || line.startsWith('CONFIRM ')) o.onMode?.(line);
        if (line.startsWith('SHOWN ')) o.onShown?.(Number(line.slice(6)));
        const sent = /^SENT (\d+)/.exec(line);
        if (sent && o.killAfterRequests !== undefined && !killed && Number(sent[1]) >= o.killAfterRequests) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const limit = setTimeout(() => child.kill('SIGKILL'), o.deadlineMs);
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      if (!killed && signal === null && code !== 0) reject(new Error(`till failed with code ${code}: ${stderr.slice(-2000)}`));
      else resolve({ drained, killed });
    });
  });
}

async function arrivalsOf(sb: SandboxProcess): Promise<Arrival[]> {
  const res = await fetch(`${sb.baseUrl}/sandbox/arrivals`, { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as { arrivals: Arrival[] };
  return body.arrivals.filter((a) => a.key === `client:${sb.clientId}`);
}

async function withSandbox<T>(o: RateRunOptions, work: (sb: SandboxProcess, childJs: string, dir: string) => Promise<T>): Promise<T> {
  const childJs = await bundleChild();
  const sb = await spawnSandbox(['--rate-limit', String(o.serviceLimit), '--rate-limit-window-ms', String(o.windowMs),
    '--validation-delay-ms', String(Math.round(o.windowMs / 30)),
    ...(o.serviceDelayMaxMs !== undefined ? ['--validation-delay-max-ms', String(o.serviceDelayMaxMs)] : []), '--faults']);
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-rate-'));
  try {
    return await work(sb, childJs, dir);
  } finally {
    await sb.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(childJs, { force: true });
  }
}

function figures(scenario: string, arrivals: Arrival[], windowMs: number, rest: Omit<RateFigures, 'scenario' | 'maxInWindow' | 'busiestFromMs' | 'perTenth' | 'http429' | 'requests' | 'accepted' | 'drainSpanMs'>): RateFigures {
  const times = arrivals.map((a) => a.at);
  const busiest = busiestWindowAt(times, windowMs);
  return {
    scenario,
    maxInWindow: busiest.count,
    busiestFromMs: busiest.from === null ? 0 : busiest.from - Math.min(...times),
    perTenth: perTenth(times, windowMs),
    http429: arrivals.filter((a) => !a.ok).length,
    requests: arrivals.length,
    accepted: arrivals.filter((a) => a.ok).length,
    drainSpanMs: times.length > 1 ? Math.max(...times) - Math.min(...times) : 0,
    ...rest,
  };
}

function perTenth(times: number[], windowMs: number): number[] {
  if (times.length === 0) return [];
  const first = Math.min(...times);
  const out: number[] = [];
  for (const at of times) {
    const i = Math.min(10_000, Math.floor(((at - first) * 10) / windowMs));
    while (out.length <= i) out.push(0);
    out[i] = (out[i] ?? 0) + 1;
  }
  return out;
}

/**
 * How close to the service's limit the shop drained its sales, as issue 28 measures it: the time its sales need at the
 * limit (one request each) over the time the requests took, first arrival to last. "Today, four tills: 0.53; one till
 * alone: 0.97". Requests beyond one per sale (tokens, confirmations) count against it.
 */
export function drainRatio(f: RateFigures, o: { serviceLimit: number; windowMs: number }): number {
  if (f.drainSpanMs <= 0 || f.sales <= 0) return 0;
  return Math.min(1, (f.sales / o.serviceLimit) * o.windowMs / f.drainSpanMs);
}

const tillLimitOf = (o: RateRunOptions): number => o.tillLimit ?? rateBudgetFor(o.serviceLimit);

/**
 * (a) One till drains a backlog, is SIGKILLed once it has sent 80 % of its window's budget, and is restarted at once
 * on the same data file (then killed again after 30 % more, `kills` times in all) until the backlog is drained.
 */
export function runRestart(o: RateRunOptions & { kills?: number }): Promise<RateFigures> {
  return withSandbox(o, async (sb, childJs, dir) => {
    const startedAt = Date.now();
    const dbPath = join(dir, 'till.sqlite');
    recordBacklog(dbPath, o.salesPerTill);
    const tillLimit = tillLimitOf(o);
    const deadlineMs = 40 * o.windowMs;
    let kills = 0;
    let drained = false;
    for (let run = 0; run <= (o.kills ?? 1) && !drained; run++) {
      const last = run === (o.kills ?? 1);
      const result = await runTill(childJs, sb, {
        dbPath, share: 1, tillLimit, windowMs: o.windowMs, deadlineMs,
        // First once most of a window's budget is spent; after a restart, sooner (while it waits out that window).
        ...(last ? {} : { killAfterRequests: Math.ceil(tillLimit * (run === 0 ? 0.8 : 0.3)) }),
      });
      if (result.killed) kills++;
      drained = result.drained;
      o.log?.(`restart run ${run + 1}: ${result.killed ? 'killed' : result.drained ? 'drained' : 'stopped'}`);
    }
    const arrivals = await arrivalsOf(sb);
    return figures('restart', arrivals, o.windowMs, {
      sales: o.salesPerTill, notValidated: notValidated(dbPath), drained, kills, elapsedMs: Date.now() - startedAt,
    });
  });
}

/** (b) Two tills, each with its own data file and backlog, on one client id, each with `share` of the limit. */
export function runTwoTills(o: RateRunOptions & { share: number; tills?: number }): Promise<RateFigures> {
  return withSandbox(o, async (sb, childJs, dir) => {
    const startedAt = Date.now();
    const paths = Array.from({ length: o.tills ?? 2 }, (_, i) => join(dir, `till-${i + 1}.sqlite`));
    for (const p of paths) recordBacklog(p, o.salesPerTill);
    const results = await Promise.all(paths.map((dbPath) => runTill(childJs, sb, {
      dbPath, share: o.share, tillLimit: tillLimitOf(o), windowMs: o.windowMs, deadlineMs: 60 * o.windowMs,
    })));
    const arrivals = await arrivalsOf(sb);
    return figures(`${o.tills ?? 2} tills at ${Math.round(o.share * 100)} % each, no shop server`, arrivals, o.windowMs, {
      sales: o.salesPerTill * (o.tills ?? 2),
      notValidated: paths.reduce((n, p) => n + notValidated(p), 0),
      drained: results.every((r) => r.drained), kills: 0, elapsedMs: Date.now() - startedAt,
    });
  });
}

export function describeFigures(f: RateFigures, o: { serviceLimit: number; windowMs: number }): string {
  return `${f.scenario}: most requests in any ${o.windowMs} ms window ${f.maxInWindow} (limit ${o.serviceLimit}; from ${f.busiestFromMs} ms), drained at ${drainRatio(f, o).toFixed(2)} of the limit, ` +
    `${f.http429} × 429, ${f.requests} requests (${f.sales > 0 ? (f.requests / f.sales).toFixed(2) : '–'} per sale), ${f.kills} kills, ${f.notValidated} not validated, ` +
    `${f.drained ? 'drained' : 'NOT DRAINED'}, ${f.elapsedMs} ms`;
}

/**
 * (c) Issue 28: `tills` tills, each with its own data file and backlog, on one client id, paired with one shop server
 * and taking permits from its one budget. Optionally one till is SIGKILLed once it has sent `killTillAfter` requests
 * (and restarted at once on its file), or the shop server is SIGKILLed `killServerAfterMs` into the drain and started
 * again `serverAwayMs` later (the tills go on their own shares meanwhile, then hand back).
 */
export interface ShopTillsOptions extends RateRunOptions {
  tills: number; killTillAfter?: number; killServerAfterMs?: number; serverAwayMs?: number;
  /** Issue 28: the tills hand their documents to the server's confirmations (which `prepareServer` sets up). */
  confirm?: boolean;
  /** Each till charges `count` sales at `rate` per second of the scaled world instead of draining a backlog. */
  stream?: { rate: number; count: number; stagger?: boolean };
  /** Before the tills start: e.g. the service's credentials at the server, its webhooks. */
  prepareServer?: (server: ShopServerProcess, sb: SandboxProcess) => Promise<void>;
  /** More arguments for the server's `serve` (e.g. its webhook listener). */
  serverArgs?: string[];
}

export function runShopTills(o: ShopTillsOptions): Promise<RateFigures & { modes: string[]; shownMs: number[] }> {
  return withSandbox(o, async (sb, childJs, dir) => {
    const server: ShopServerProcess = await startShopServerProcess(o.serverArgs ? { args: o.serverArgs } : {});
    try {
      const paths = Array.from({ length: o.tills }, (_, i) => join(dir, `till-${i + 1}.sqlite`));
      const pairings: ShopPairing[] = [];
      for (const [i, dbPath] of paths.entries()) {
        const store = openStore({ path: dbPath });
        try {
          const { body } = await server.admin('POST', '/admin/pairing');
          const { record, key } = await pairTill({ store, credentials: memoryCredentials(), now: Date.now }, { serverUrl: server.url, code: String(body.code), tillName: `Caja ${i + 1}` });
          pairings.push({ url: record.serverUrl, pin: record.pin, tillId: record.tillId, keyPem: key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() });
        } finally {
          store.close();
        }
        if (!o.stream) recordBacklog(dbPath, o.salesPerTill);
      }
      await o.prepareServer?.(server, sb);
      const modes: string[] = [];
      const shownMs: number[] = [];
      const extraArgs = [...(o.confirm ? ['--confirm'] : [])];
      const startedAt = Date.now();
      let kills = 0;
      let serverCut: Promise<void> = Promise.resolve();
      if (o.killServerAfterMs !== undefined) {
        serverCut = (async () => {
          await new Promise((r) => setTimeout(r, o.killServerAfterMs));
          await server.kill();
          kills++;
          o.log?.(`shop server SIGKILLed at ${Date.now() - startedAt} ms`);
          await new Promise((r) => setTimeout(r, o.serverAwayMs ?? o.windowMs));
          await server.start();
          o.log?.(`shop server back at ${Date.now() - startedAt} ms`);
        })();
      }
      const results = await Promise.all(paths.map(async (dbPath, i) => {
        const run = (killAfterRequests?: number) => runTill(childJs, sb, {
          dbPath, share: 1 / o.tills, tillLimit: tillLimitOf(o), windowMs: o.windowMs, deadlineMs: 60 * o.windowMs, shop: pairings[i]!,
          onMode: (line) => modes.push(`till ${i + 1} at ${Date.now() - startedAt} ms: ${line}`), ...(killAfterRequests === undefined ? {} : { killAfterRequests }),
          extraArgs: [...extraArgs, ...(o.stream ? ['--stream-rate', String(o.stream.rate), '--stream-count', String(o.stream.count), '--seed', String((i + 1) * 1_000_000),
            // Staggered: the tills' sales interleave (till i starts i/tills of a gap later) instead of coming together.
            ...(o.stream.stagger ? ['--stream-offset-ms', String(Math.round((i * o.windowMs) / 60 / o.stream.rate / o.tills))] : [])] : [])],
          onShown: (ms) => shownMs.push(ms),
        });
        if (i === 0 && o.killTillAfter !== undefined) {
          const first = await run(o.killTillAfter);
          if (first.killed) { kills++; o.log?.(`till 1 SIGKILLed at ${Date.now() - startedAt} ms, restarted`); }
          if (first.drained) return first;
        }
        return run();
      }));
      await serverCut;
      const arrivals = await arrivalsOf(sb);
      const scenario = `${o.tills} tills, one shop budget${o.confirm ? ', the server confirms' : ''}${o.serverArgs?.includes('--webhooks-listen') ? ' with webhooks' : ''}${o.stream ? `, a stream of ${o.stream.rate}/s each${o.stream.stagger ? ' (staggered)' : ''}` : ''}${o.serviceDelayMaxMs !== undefined ? `, the service taking ${Math.round(o.windowMs / 30)}–${o.serviceDelayMaxMs} ms` : ''}${o.killTillAfter !== undefined ? ', one till SIGKILLed' : ''}${o.killServerAfterMs !== undefined ? ', server SIGKILLed' : ''}`;
      return {
        shownMs,
        ...figures(scenario, arrivals, o.windowMs, {
          sales: (o.stream?.count ?? o.salesPerTill) * o.tills, notValidated: paths.reduce((n, p) => n + notValidated(p), 0), drained: results.every((r) => r.drained), kills, elapsedMs: Date.now() - startedAt,
        }),
        modes,
      };
    } finally {
      await server.dispose();
    }
  });
}
