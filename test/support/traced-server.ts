/**
 * The shop server in its own process, optionally under `strace`, for the durability test and bench: which sync
 * system calls (fsync, fdatasync, …) a push makes, when, on which file. `strace -f -ttt -y` writes one line per call
 * with the time (seconds since the epoch, µs) and the file behind the descriptor; a push's calls are the lines
 * between the moments the request left and its answer came back. PostgreSQL's own processes are traced by attaching
 * to the postmaster and its children (run as root here; elsewhere ptrace may need the same user).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ShopTill } from './shop-till';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_LIMIT_MS = 60_000;
export const SYNC_CALLS = ['fsync', 'fdatasync', 'sync_file_range', 'msync', 'sync', 'syncfs'];

export function straceAvailable(): boolean {
  const probe = spawnSync('strace', ['-V'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** Now as strace's -ttt prints it: seconds since the epoch, with µs. */
export const epochSeconds = (): number => (performance.timeOrigin + performance.now()) / 1000;

export interface ServerProcess {
  url: string;
  /** The server's own (node) process id, also under strace. */
  pid: number;
  output(): string;
  /** SIGTERM, and wait for it (and strace) to exit. */
  stop(): Promise<void>;
  /** SIGKILL, and wait for it (and strace) to exit. */
  kill(): Promise<void>;
}

/**
 * `asShipped`: PGlite as it ships (test/support/pglite-as-shipped-server.ts) instead of `npm run server`.
 * `straceFile`: run it under `strace -f -ttt -y -e trace=<SYNC_CALLS>` writing there (`straceArgs` instead of
 * `-y -s 0 -e trace=…`).
 */
export async function startServerProcess(opts: { dataDir: string; databaseUrl?: string; asShipped?: boolean; straceFile?: string; straceArgs?: string[] }): Promise<ServerProcess> {
  const script = opts.asShipped ? 'test/support/pglite-as-shipped-server.ts' : 'server/cli.ts';
  const args = ['--import', 'tsx', script, '--port', '0', '--data-dir', opts.dataDir];
  if (!opts.asShipped) args.push('--host', '127.0.0.1');
  if (opts.databaseUrl) args.push('--database-url', opts.databaseUrl);
  const traceArgs = opts.straceArgs ?? ['-y', '-s', '0', '-e', `trace=${SYNC_CALLS.join(',')}`];
  const command = opts.straceFile
    ? ['strace', '-f', '--seccomp-bpf', '-qq', '-ttt', ...traceArgs, '-o', opts.straceFile, process.execPath, ...args]
    : [process.execPath, ...args];
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const limit = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the shop server did not start in ${START_LIMIT_MS / 1000} s:\n${output}`)); }, START_LIMIT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Servidor de la tienda Mostrador en (http\S+)/.exec(output);
      if (match) { clearTimeout(limit); resolve(match[1]!); }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => { clearTimeout(limit); reject(new Error(`the shop server exited (${code ?? signal}):\n${output}`)); });
  });
  const pid = opts.straceFile ? childrenOf(child.pid!)[0] ?? 0 : child.pid!;
  if (!pid) throw new Error('could not find the server process under strace');
  // 'close': the process has exited and its output is all read.
  let closed = false;
  const whenClosed = new Promise<void>((done) => child.once('close', () => { closed = true; done(); }));
  const waitExit = (_: ChildProcess) => (closed ? Promise.resolve() : whenClosed);
  const signal = async (name: NodeJS.Signals) => {
    try { process.kill(pid, name); } catch { /* already gone */ }
    await waitExit(child);
  };
  return { url, pid, output: () => output, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}

/** A process's direct children, from /proc. */
export function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** Attaches strace to running processes (and what they fork from then on); detach() stops it and flushes the file. */
export async function traceProcesses(pids: number[], file: string): Promise<{ detach(): Promise<void> }> {
  const args = ['-f', '-ttt', '-y', '-s', '0', '-e', `trace=${SYNC_CALLS.join(',')}`, '-o', file, ...pids.flatMap((p) => ['-p', String(p)])];
  const tracer = spawn('strace', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`strace did not attach in 10 s: ${said}`)), 10_000);
    tracer.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if ((said.match(/attached/g) ?? []).length >= pids.length) { clearTimeout(limit); resolve(); }
    });
    tracer.once('exit', (code) => { clearTimeout(limit); reject(new Error(`strace exited (${code}): ${said}`)); });
  });
  return {
    async detach() {
      const exited = new Promise<void>((done) => tracer.once('exit', () => done()));
      tracer.kill('SIGINT');
      await exited;
    },
  };
}

export interface SyncCall { pid: number; at: number; call: string; path: string }

/** The sync calls in an strace file written with -ttt -y: `PID SECONDS.MICROS fsync(21</dir/file>) = 0`. */
export function readSyncCalls(file: string): SyncCall[] {
  const calls: SyncCall[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^(\d+)\s+(\d+\.\d+)\s+(\w+)\((?:\d+<([^>]*)>)?/.exec(line);
    if (!match || !SYNC_CALLS.includes(match[3]!)) continue;
    const path = (match[4] ?? '').replace(/\\x([0-9a-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))); // strace -xx
    calls.push({ pid: Number(match[1]), at: Number(match[2]), call: match[3]!, path });
  }
  return calls;
}

/** The calls made between `from` and `to` (epoch seconds). */
export const callsBetween = (calls: SyncCall[], from: number, to: number): SyncCall[] => calls.filter((c) => c.at >= from && c.at <= to);

/** A till paired with the server through the owner's admin route (the data folder's admin token). */
export async function pairedTill(url: string, dataDir: string): Promise<ShopTill> {
  const admin = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const opened = await (await fetch(`${url}/admin/pairing`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` } })).json() as { code: string };
  const till = new ShopTill(url);
  const paired = await till.pair(opened.code);
  if (paired.status !== 200) throw new Error(`pairing failed: ${paired.status} ${JSON.stringify(paired.body)}`);
  return till;
}
