/**
 * Issue 27: `npm run server -- status --database-url URL` on a real PostgreSQL served by two server processes (each
 * `npm run server` as the owner runs it): both listed with their heartbeat; one SIGKILLed is said at once as ended
 * without a word (its pid gone from this computer), one stopped as stopped; with none left, exit 1.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function status(url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'status', '--database-url', url], { cwd: ROOT, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe.skipIf(postgresBinDir() === null)('status of a PostgreSQL served by two processes', () => {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  it('lists both with their heartbeat; a SIGKILLed one is said at once, a stopped one as stopped; none left: exit 1', async () => {
    const url = await cluster!.createDatabase('status_two');
    const servers: ShopServerProcess[] = [];
    try {
      servers.push(await startShopServerProcess({ databaseUrl: url }));
      servers.push(await startShopServerProcess({ databaseUrl: url }));
      const [a, b] = servers as [ShopServerProcess, ShopServerProcess];
      const both = await status(url);
      expect(both.code).toBe(0);
      expect(both.stdout).toContain('Procesos del servidor (2 en marcha):');
      for (const s of [a, b]) expect(both.stdout).toMatch(new RegExp(`proceso ${s.pid()} en \\S+, versión [\\d.]+ \\(contrato 2\\), desde .*: en marcha, último latido hace \\d+ s — ${s.url.replace(/\./g, '\\.')}`));
      expect(both.stdout).toMatch(/Base de datos: PostgreSQL \(la de --database-url\); esquema (\d+) de \1;/);

      const killed = a.pid();
      await a.kill();
      const one = await status(url);
      expect(one.code).toBe(0);
      expect(one.stdout).toContain('Procesos del servidor (1 en marcha):');
      expect(one.stdout).toMatch(new RegExp(`proceso ${killed} en \\S+, .*: terminó sin avisar: su proceso ya no existe en este computador`));

      const stopped = b.pid();
      await b.stop();
      const none = await status(url);
      expect(none.code).toBe(1);
      expect(none.stdout).toContain('Procesos del servidor: ninguno late ahora.');
      expect(none.stdout).toMatch(new RegExp(`proceso ${stopped} en \\S+, .*: detenido hace \\d+ s`));
    } finally {
      for (const s of servers) await s.dispose();
    }
  }, 300_000);
});
