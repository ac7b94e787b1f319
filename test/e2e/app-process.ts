/**
 * The app in browser mode as a user runs it (`electron/web.ts`: the real core, the real renderer build), in its own
 * process with a throwaway data folder. It inherits the test's D-Bus session, so the keychain is a real gnome-keyring.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppProcess {
  url: string;
  dataDir: string;
  /** Everything the app printed on stdout and stderr, for secret checks. */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function startApp(opts: { dataDir?: string; port?: number } = {}): Promise<AppProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'mostrador-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'electron/web.ts', '--port', String(opts.port ?? 0),
    '--data-dir', dataDir, '--no-open'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const limit = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`app did not start in 60 s:\n${output}`)); }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Mostrador \(browser mode\): (\S+)/.exec(output);
      if (match) { clearTimeout(limit); resolve(match[1] as string); }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('exit', (code) => { clearTimeout(limit); reject(new Error(`app exited with ${code}:\n${output}`)); });
  });
  child.removeAllListeners('exit');
  return {
    url,
    dataDir,
    output: () => output,
    stop: () => new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => { clearTimeout(hard); done(); });
      child.kill('SIGTERM');
    }),
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
