/** The sandbox in its own process (as `npm run sandbox` runs it), so its CPU work does not share our event loop. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface SandboxProcess {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export function spawnSandbox(flags: string[]): Promise<SandboxProcess> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', ...flags], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    const lines: string[] = [];
    const limit = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('sandbox did not start within 30 s')); }, 30_000);
    child.on('exit', (code) => reject(new Error(`sandbox exited early with code ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (lines.length >= 3) return; // later lines are the request log
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0 && lines.length < 3) {
        lines.push(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
      if (lines.length < 3) return;
      clearTimeout(limit);
      const value = (key: string) => lines.find((l) => l.startsWith(`${key}=`))?.slice(key.length + 1) ?? '';
      resolve({
        baseUrl: lines[0] as string,
        clientId: value('client_id'),
        clientSecret: value('client_secret'),
        stop: () => new Promise<void>((done) => {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}
