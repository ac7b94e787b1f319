/**
 * Issue 27: the shop server (`npm run server`, TLS) on a computer where multicast cannot be used starts, says so in one
 * line, serves, and stops cleanly. "No multicast" is made real with a network namespace of its own (`unshare -n`,
 * root only): its loopback interface is down, so the mDNS group cannot be joined there (ENODEV) while the server can
 * still bind 127.0.0.1. Skipped, saying so, where `unshare -n` is not allowed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const unshareProblem = (() => {
  const probe = spawnSync('unshare', ['-n', 'true'], { encoding: 'utf8' });
  return probe.error ? probe.error.message : probe.status !== 0 ? (probe.stderr.trim() || `exit ${probe.status}`) : null;
})();

describe('the shop server without multicast', () => {
  it.skipIf(unshareProblem !== null)(`starts, says in one line that it is not announced, and stops cleanly on SIGTERM${unshareProblem ? ` — SKIPPED: no network namespace here (${unshareProblem})` : ''}`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-no-multicast-'));
    try {
      const child = spawn('unshare', ['-n', process.execPath, '--import', 'tsx', 'server/cli.ts', '--host', '127.0.0.1', '--port', '0', '--tls', '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const limit = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`no start within 60 s:\n${output}`)); }, 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (/Servidor de la tienda Mostrador en /.test(output) && /not announced on the shop's network/.test(output)) {
            clearTimeout(limit);
            resolve();
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => { clearTimeout(limit); reject(new Error(`the server exited (${code}):\n${output}`)); });
      });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = output.split('\n').filter((l) => /announce/i.test(l));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^shop server: not announced on the shop's network at 127\.0\.0\.1 \(addMembership ENODEV\); tills reach it by the addresses typed at them$/);
      expect(output).not.toContain('Anunciado en la red de la tienda');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
