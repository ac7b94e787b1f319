/**
 * The shop server as the owner runs it (`npm run server`, server/cli.ts) in its own process, for e2e tests and
 * benches: on a fixed port of 127.0.0.1 (so a restart comes back where the tills look for it), with TLS if asked,
 * on a given PostgreSQL or embedded PGlite. It can be stopped politely, SIGKILLed and started again on its folder.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminCall } from '../../server/admin-client';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_LIMIT_MS = 60_000;

export interface ShopServerProcess {
  /** The address a till types (`127.0.0.1:PORT`, https with `tls`). */
  address: string;
  url: string;
  dataDir: string;
  pid(): number;
  start(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<void>;
  /** The owner's admin routes, through the same client the CLI uses (pinning the certificate). */
  admin(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** With `backOffice`: the back-office page's address the last start printed (its per-launch key in the fragment). */
  backOfficeUrl(): string;
  /** `npm run server -- pair`: the one-time code the CLI prints. */
  pairWithCli(): Promise<string>;
  output(): string;
  /** Stops it if it runs and removes its folder. */
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `backOfficePort`: a fixed port for the back-office page (0, the default: any free one at each start).
 * `dataDir`: an existing data folder (another process's, e.g. the same server started again on another port, or a
 * second process on the same PostgreSQL with the same TLS material); it is then the caller's to remove.
 * `prepare`: called with a new data folder before the first start (e.g. to put another process's certificate there).
 * `certFrom`: another server's data folder whose TLS certificate and key this one serves too (a second process of
 * the same shop: the tills pin one certificate).
 */
export async function startShopServerProcess(opts: { databaseUrl?: string; tls?: boolean; port?: number; backOffice?: boolean; backOfficePort?: number; args?: string[]; dataDir?: string; prepare?: (dataDir: string) => void; certFrom?: string } = {}): Promise<ShopServerProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'mostrador-shop-server-'));
  if (!opts.dataDir) opts.prepare?.(dataDir);
  if (opts.certFrom && !opts.dataDir) for (const file of ['server-key.pem', 'server-cert.pem']) copyFileSync(join(opts.certFrom, file), join(dataDir, file));
  const port = opts.port ?? await freePort();
  const scheme = opts.tls ? 'https' : 'http';
  let child: ChildProcess | null = null;
  let output = '';
  let backOfficeUrl = '';
  const ready = opts.backOffice ? /Tienda en este computador \(solo aquí\): (\S+)/ : /Servidor de la tienda Mostrador en /;

  const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
  const waitExit = (c: ChildProcess) => new Promise<void>((done) => (exited(c) ? done() : c.once('exit', () => done())));

  async function start(): Promise<void> {
    const args = ['--import', 'tsx', 'server/cli.ts', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir];
    if (opts.tls) args.push('--tls');
    if (opts.databaseUrl) args.push('--database-url', opts.databaseUrl);
    if (opts.backOffice) args.push('--back-office', '--back-office-port', String(opts.backOfficePort ?? 0));
    if (opts.args) args.push(...opts.args);
    const c = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    let mine = '';
    await new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => { c.kill('SIGKILL'); reject(new Error(`the shop server did not start in ${START_LIMIT_MS / 1000} s:\n${mine}`)); }, START_LIMIT_MS);
      const onData = (chunk: Buffer) => {
        mine += chunk.toString();
        output += chunk.toString();
        const seen = ready.exec(mine);
        if (seen) { backOfficeUrl = seen[1] ?? ''; clearTimeout(limit); resolve(); }
      };
      c.stdout!.on('data', onData);
      c.stderr!.on('data', onData);
      c.once('exit', (code, signal) => { clearTimeout(limit); reject(new Error(`the shop server exited (${code ?? signal}):\n${mine}`)); });
    });
  }

  await start();
  const self: ShopServerProcess = {
    address: `127.0.0.1:${port}`,
    url: `${scheme}://127.0.0.1:${port}`,
    dataDir,
    pid: () => child?.pid ?? 0,
    start,
    async stop() {
      if (!child || exited(child)) return;
      const c = child;
      const hard = setTimeout(() => c.kill('SIGKILL'), 10_000);
      c.kill('SIGTERM');
      await waitExit(c);
      clearTimeout(hard);
    },
    async kill() {
      if (!child || exited(child)) return;
      child.kill('SIGKILL');
      await waitExit(child);
    },
    admin: (method, path, body) => adminCall(dataDir, method, path, body) as Promise<{ status: number; body: any }>,
    pairWithCli: () => new Promise((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'pair', '--data-dir', dataDir], { cwd: ROOT }, (error, stdout, stderr) => {
        const code = /Código de emparejamiento: (\S+)/.exec(stdout)?.[1];
        if (error || !code) reject(new Error(`npm run server -- pair failed: ${stderr || stdout || String(error)}`));
        else resolve(code);
      });
    }),
    output: () => output,
    backOfficeUrl: () => backOfficeUrl,
    async dispose() {
      await self.stop();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return self;
}
