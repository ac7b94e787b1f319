/**
 * Crash harness: runs the core in a child process against the sandbox and SIGKILLs it at random moments, many
 * times, then lets it finish. Used by the crash test (≥ 50 kills) and by `npm run test:crash` for longer runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startSandbox } from '../../sandbox/server';
import { openStore } from '../../electron/core/store';
import { seededRandom } from '../support/seeded-random';

export interface CrashReport {
  seed: number;
  kills: number;
  sales: number;
  acknowledged: number;
  /** Acknowledged sales missing from the store afterwards: must be 0. */
  lost: number;
  /** References with more than one document at the service: must be 0. */
  duplicates: number;
  /** Sales in the store that never reached VALIDATED: must be 0. */
  notValidated: number;
  documents: number;
  numbersConsumed: number;
  elapsedMs: number;
}


/** A kill cycle lasts from 20 ms to this (start-up, recovery, sending, polling). */
export const MAX_CYCLE_MS = 620;
export const RING_INTERVAL_MS = 20;

/**
 * Sales enough that the ring cannot run out before the last kill, whatever the machine's speed: a child rings one
 * sale every RING_INTERVAL_MS while it lives, and lives at most MAX_CYCLE_MS per cycle. (With fewer, a fast machine
 * rings them all early and the later cycles find nothing to do: they drain and exit before their kill.)
 */
export function salesFor(kills: number): number {
  return Math.ceil((kills * MAX_CYCLE_MS) / RING_INTERVAL_MS) + 50;
}

export async function runCrashCycles(opts: { kills: number; sales: number; intervalMs?: number; seed?: number; log?: (line: string) => void }): Promise<CrashReport> {
  const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const log = opts.log ?? (() => {});
  const startedAt = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-crash-'));
  // Inside the repository, so the bundle resolves the native better-sqlite3 from node_modules.
  const childJs = fileURLToPath(new URL(`../../node_modules/.cache/mostrador-crash/child-${process.pid}.mjs`, import.meta.url));
  // Bundled once so each restart costs a plain `node` start, not a TypeScript compile.
  await build({
    entryPoints: [fileURLToPath(new URL('./crash-child.ts', import.meta.url))],
    bundle: true, platform: 'node', format: 'esm', outfile: childJs, logLevel: 'silent',
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const sandbox = await startSandbox({ faults: true, validationDelayMs: 30, rateLimit: 100_000 });
  const dbPath = join(dir, 'till.sqlite');
  const acked = new Set<string>();

  const runChild = (killAfterMs: number | null, intervalMs = opts.intervalMs ?? RING_INTERVAL_MS): Promise<{ drained: boolean }> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [childJs, '--db', dbPath, '--base-url', sandbox.baseUrl,
        '--client-id', sandbox.clientId, '--total', String(opts.sales), '--interval-ms', String(intervalMs)], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, MOSTRADOR_CLIENT_SECRET: sandbox.clientSecret },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let buffer = '';
      let drained = false;
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line.startsWith('ACK ')) acked.add(line.slice(4));
          else if (line.startsWith('DRAINED')) drained = true;
        }
      });
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const limit = setTimeout(() => child.kill('SIGKILL'), killAfterMs ?? 120_000);
      child.on('exit', (code, signal) => {
        clearTimeout(limit);
        if (killAfterMs === null && !drained) reject(new Error(`final run did not drain (code ${code}, signal ${signal}): ${stderr.slice(-2000)}`));
        else if (signal === null && code !== 0) reject(new Error(`child failed with code ${code}: ${stderr.slice(-2000)}`));
        else resolve({ drained });
      });
    });

  try {
    let kills = 0;
    for (let i = 0; i < opts.kills; i++) {
      // Anywhere from start-up (migrations, recovery) to the middle of sending and polling.
      const { drained } = await runChild(Math.floor(20 + random() * (MAX_CYCLE_MS - 20)));
      if (!drained) kills++;
      // Now and then the service drops the connection right after committing an invoice.
      if (random() < 0.2) await sandboxFault(sandbox, { reset_after_commit_next: 1 });
      log(`cycle ${i + 1}/${opts.kills}: ${acked.size} sales acknowledged`);
    }
    // The last run rings what is left quickly, then drains.
    await runChild(null, 2);

    const store = openStore({ path: dbPath });
    try {
      const all = store.searchSales({ limit: 1_000_000 });
      const refs = new Set(all.sales.map((s) => s.referenceCode));
      const lost = [...acked].filter((ref) => !refs.has(ref)).length;
      const notValidated = all.sales.filter((s) => s.state !== 'validated').length;
      const counters = await sandboxFault(sandbox, null);
      let duplicates = 0;
      for (const ref of refs) {
        const list = await sandboxGet(sandbox, `/v1/documents?reference_code=${encodeURIComponent(ref)}`);
        if (list.data.length !== 1) duplicates++;
      }
      return {
        seed, kills, sales: refs.size, acknowledged: acked.size, lost, duplicates, notValidated,
        documents: counters.documents, numbersConsumed: counters.numbers_consumed, elapsedMs: Date.now() - startedAt,
      };
    } finally {
      store.close();
    }
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(childJs, { force: true });
  }
}

const tokens = new Map<string, string>();

/** One token per sandbox for the checks (the service's tokens last an hour). */
async function tokenOf(sb: { baseUrl: string; clientId: string; clientSecret: string }): Promise<string> {
  const known = tokens.get(sb.baseUrl);
  if (known) return known;
  const res = await fetch(`${sb.baseUrl}/v1/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: sb.clientId, client_secret: sb.clientSecret }),
    signal: AbortSignal.timeout(5_000),
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  tokens.set(sb.baseUrl, token);
  return token;
}

async function sandboxGet(sb: { baseUrl: string; clientId: string; clientSecret: string }, path: string): Promise<any> {
  const res = await fetch(sb.baseUrl + path, { headers: { authorization: `Bearer ${await tokenOf(sb)}` }, signal: AbortSignal.timeout(5_000) });
  return res.json();
}

/** Sets a fault, or with `null` reads the counters. */
async function sandboxFault(sb: { baseUrl: string; clientId: string; clientSecret: string }, fault: object | null): Promise<any> {
  if (fault === null) return sandboxGet(sb, '/sandbox/counters');
  const res = await fetch(`${sb.baseUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(sb)}`, 'content-type': 'application/json' },
    body: JSON.stringify(fault), signal: AbortSignal.timeout(5_000),
  });
  return res.json();
}
