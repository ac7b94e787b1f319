/**
 * The app in browser mode as a user runs it (`electron/web.ts`: the real core, the real renderer build), in its own
 * process with a throwaway data folder. It inherits the test's D-Bus session, so the keychain is a real gnome-keyring;
 * each app gets its own keychain entry name so tests never touch a user's entries (or each other's).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs script without types (also read by start.mjs and smoke-start.mjs); an object of strings.
import { CORE_PROCESS_ENV } from '../../scripts/core-process-env.mjs';

export interface AppProcess {
  /** The address the app printed, with its per-launch key in the fragment. */
  url: string;
  /** The page's origin and the per-launch key, for calling the bridge from the test. */
  origin: string;
  key: string;
  dataDir: string;
  keychainService: string;
  /** The app's process id (benchmarks read its CPU time and memory). */
  pid: number;
  /** Everything the app printed on stdout and stderr, for secret checks. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL, as a power cut would: no chance to finish anything. */
  kill(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_LIMIT_MS = 45_000;

/**
 * `bundle`: a built browser-mode entry (test/bench/web-bundle.ts) run by plain node instead of electron/web.ts under tsx.
 * `env`: extra variables for the app (e.g. MOSTRADOR_UPDATE_FOLDER, browser mode's stand-in update folder).
 * `keychainService`: the same till started again on its folder (after a kill) finds its keychain entries.
 */
export async function startApp(opts: { dataDir?: string; port?: number; bundle?: string; nodeArgs?: string[]; env?: Record<string, string>; keychainService?: string } = {}): Promise<AppProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'mostrador-e2e-'));
  const keychainService = opts.keychainService ?? `MostradorE2E-${randomUUID()}`;
  const entry = opts.bundle ? [opts.bundle] : ['--import', 'tsx', 'electron/web.ts'];
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry, '--port', String(opts.port ?? 0),
    '--data-dir', dataDir, '--no-open'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...CORE_PROCESS_ENV, ...opts.env, MOSTRADOR_KEYCHAIN_SERVICE: keychainService },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  let exited: (code: number | null) => void = () => {};
  child.on('exit', (code) => exited(code));
  const url = await new Promise<string>((resolve, reject) => {
    const limit = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`app did not start in ${START_LIMIT_MS / 1000} s:\n${output}`)); }, START_LIMIT_MS);
    const look = () => {
      const match = /Mostrador \(browser mode\): (\S+)/.exec(output);
      if (match?.[1]) { clearTimeout(limit); child.stdout?.off('data', look); resolve(match[1]); }
    };
    child.stdout?.on('data', look);
    exited = (code) => { clearTimeout(limit); reject(new Error(`app exited with ${code}:\n${output}`)); };
  });
  exited = () => {};
  const parsed = new URL(url);
  const key = new URLSearchParams(parsed.hash.slice(1)).get('key') ?? '';
  return {
    url,
    origin: parsed.origin,
    key,
    dataDir,
    keychainService,
    pid: child.pid ?? 0,
    output: () => output,
    stop: () => new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => { clearTimeout(hard); done(); });
      child.kill('SIGTERM');
    }),
    kill: () => new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGKILL');
    }),
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Stops the app, deletes what it wrote under its throwaway keychain entry name, and removes its data folder. */
export async function disposeApp(app: AppProcess): Promise<void> {
  await app.stop();
  // Loaded here, not at the top: the benchmarks start apps through this file without a keychain to clean.
  const keytar = createRequire(import.meta.url)('keytar') as typeof import('keytar');
  for (const { account } of await keytar.findCredentials(app.keychainService)) await keytar.deletePassword(app.keychainService, account);
  removeDataDir(app.dataDir);
}

/** Polls every 200 ms until the condition holds; fails after `limitMs` (2 min) with what it waited for. */
export async function until(what: string, check: () => Promise<boolean> | boolean, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting (${limitMs / 1000} s) for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
