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
import { rateBudgetFor } from '../../electron/core/api/invoicing-api';
import { openStore } from '../../electron/core/store';
import { sampleSale } from '../support/sample-sale';
import { spawnSandbox, type SandboxProcess } from '../support/sandbox-process';

export interface RateRunOptions {
  /** The service's limit per window (the tills keep to `tillLimit`, the app's own budget under it by default). */
  serviceLimit: number;
  windowMs: number;
  salesPerTill: number;
  tillLimit?: number;
  log?: (line: string) => void;
}

export interface RateFigures {
  scenario: string;
  /** The most requests that reached the service in any window (refused ones included). */
  maxInWindow: number;
  http429: number;
  requests: number;
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

/** Most arrivals in any window as the sandbox counts (`(t − window, t]`). */
export function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[j] as number) - (sorted[i] as number) >= windowMs) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
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

/** Runs one till until it drains, or SIGKILLs it once it has sent `killAfterRequests`; bounded by `deadlineMs`. */
function runTill(childJs: string, sb: SandboxProcess, o: {
  dbPath: string; share: number; tillLimit: number; windowMs: number; killAfterRequests?: number; deadlineMs: number;
}): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childJs, '--db', o.dbPath, '--base-url', sb.baseUrl, '--client-id', sb.clientId,
      '--limit', String(o.tillLimit), '--window-ms', String(o.windowMs), '--share', String(o.share)], {
      cwd: ROOT, env: { ...process.env, MOSTRADOR_CLIENT_SECRET: sb.clientSecret }, stdio: ['ignore', 'pipe', 'pipe'],
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
    '--validation-delay-ms', String(Math.round(o.windowMs / 30)), '--faults']);
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-rate-'));
  try {
    return await work(sb, childJs, dir);
  } finally {
    await sb.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(childJs, { force: true });
  }
}

function figures(scenario: string, arrivals: Arrival[], windowMs: number, rest: Omit<RateFigures, 'scenario' | 'maxInWindow' | 'http429' | 'requests'>): RateFigures {
  return {
    scenario,
    maxInWindow: busiestWindow(arrivals.map((a) => a.at), windowMs),
    http429: arrivals.filter((a) => !a.ok).length,
    requests: arrivals.length,
    ...rest,
  };
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
      notValidated: notValidated(dbPath), drained, kills, elapsedMs: Date.now() - startedAt,
    });
  });
}

/** (b) Two tills, each with its own data file and backlog, on one client id, each with `share` of the limit. */
export function runTwoTills(o: RateRunOptions & { share: number }): Promise<RateFigures> {
  return withSandbox(o, async (sb, childJs, dir) => {
    const startedAt = Date.now();
    const paths = [join(dir, 'till-1.sqlite'), join(dir, 'till-2.sqlite')];
    for (const p of paths) recordBacklog(p, o.salesPerTill);
    const results = await Promise.all(paths.map((dbPath) => runTill(childJs, sb, {
      dbPath, share: o.share, tillLimit: tillLimitOf(o), windowMs: o.windowMs, deadlineMs: 60 * o.windowMs,
    })));
    const arrivals = await arrivalsOf(sb);
    return figures(`two tills at ${Math.round(o.share * 100)} %`, arrivals, o.windowMs, {
      notValidated: paths.reduce((n, p) => n + notValidated(p), 0),
      drained: results.every((r) => r.drained), kills: 0, elapsedMs: Date.now() - startedAt,
    });
  });
}

export function describeFigures(f: RateFigures, o: { serviceLimit: number; windowMs: number }): string {
  return `${f.scenario}: most requests in any ${o.windowMs} ms window ${f.maxInWindow} (limit ${o.serviceLimit}), ` +
    `${f.http429} × 429, ${f.requests} requests, ${f.kills} kills, ${f.notValidated} not validated, ` +
    `${f.drained ? 'drained' : 'NOT DRAINED'}, ${f.elapsedMs} ms`;
}
