/**
 * One writer per data folder, the shop server's side (issue 25): real `npm run server` processes on one embedded
 * (PGlite) data folder. A second start is refused at once (exit code 3, the folder and the running pid named, nothing
 * written there); the first keeps serving and every write it acknowledged is in the folder after both stop; after a
 * SIGKILL of the first the next start succeeds at once. `npm run shop:dump` on the folder goes through the running
 * server, opens the folder itself only when it can lock it, and is refused while anything else holds it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDir } from '../../../server/data-dir';
import { openStore } from '../../../server/open-store';
import { freePort, startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { product } from '../server/samples';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LIMIT_MS = 60_000;

let first: ShopServerProcess | null = null;
let holder: ChildProcess | null = null;
afterAll(async () => {
  holder?.kill('SIGKILL');
  await first?.dispose();
}, 30_000);

/** The data folder's own files (not the database's, which the running server owns): name, size, time, content. */
function folderFiles(dataDir: string): string[] {
  return readdirSync(dataDir).filter((name) => statSync(join(dataDir, name)).isFile()).sort()
    .map((name) => `${name} ${statSync(join(dataDir, name)).mtimeMs} ${readFileSync(join(dataDir, name)).toString('base64')}`);
}

/** `npm run server` once more on the folder; resolves with how it ended (it must end by itself). */
async function secondServer(dataDir: string): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the second server did not end within ${LIMIT_MS / 1000} s:\n${output}`)); }, LIMIT_MS);
    child.once('exit', (code) => { clearTimeout(limit); resolve({ code, output }); });
  });
}

const dump = (dataDir: string, out: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/dump-cli.ts', '--data-dir', dataDir, '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: LIMIT_MS });

async function save(server: ShopServerProcess, code: string): Promise<void> {
  const answer = await server.admin('POST', '/admin/records', { kind: 'product', data: product(code, 1000) });
  expect(answer.status).toBe(200);
}

describe('two shop servers on one embedded data folder', () => {
  it('refuses the second at once; the first keeps serving and keeps every write it acknowledged; after a SIGKILL the next start succeeds', async () => {
    first = await startShopServerProcess();
    const server = first;
    for (const code of ['A1', 'A2', 'A3']) await save(server, code);
    const before = folderFiles(server.dataDir);

    const second = await secondServer(server.dataDir);
    expect(second.code).toBe(3);
    expect(second.output).toContain(`servidor de la tienda: la carpeta de datos ${server.dataDir} la está usando un servidor de la tienda (proceso ${server.pid()}, en marcha desde `);
    expect(second.output).not.toContain('Servidor de la tienda Mostrador en');
    // Nothing written: not server.json (where the owner's commands look), not the admin token, not the lock's record.
    expect(folderFiles(server.dataDir)).toEqual(before);

    // The first goes on: it answers, and acknowledges more writes.
    const health = await fetch(`${server.url}/v1/health`, { signal: AbortSignal.timeout(10_000) });
    expect(health.status).toBe(200);
    for (const code of ['B1', 'B2', 'B3']) await save(server, code);
    expect((await server.admin('GET', '/admin/tills')).status).toBe(200);

    // A dump while it runs goes through it (the folder is its own).
    const served = dump(server.dataDir, join(server.dataDir, 'while-serving.dump'));
    expect(served.stderr).toBe('');
    expect(served.stdout).toMatch(/products 6/);

    await server.stop();
    const db = await openStore({ pgliteDir: pgliteDir(server.dataDir) });
    try {
      const { rows } = await db.query<{ key: string }>('SELECT key FROM products ORDER BY key');
      expect(rows.map((r) => r.key)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
    } finally {
      await db.close();
    }

    // A SIGKILL leaves no stale lock: the next start is taken at the first try, and serves what was there.
    await server.start();
    await save(server, 'C1');
    await server.kill();
    await server.start();
    await save(server, 'C2');
    expect((await secondServer(server.dataDir)).code).toBe(3);
    await server.stop();

    // No server: the dump opens the folder itself, under its lock.
    const direct = dump(server.dataDir, join(server.dataDir, 'no-server.dump'));
    expect(direct.stderr).toBe('');
    expect(direct.stdout).toMatch(/products 8/);
  }, 240_000);

  it('refuses a dump while something other than a server holds the folder, naming it', async () => {
    const server = first!;
    holder = spawn(process.execPath, ['--import', 'tsx', 'test/support/lock-holder.ts', server.dataDir, 'shop dump'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const child = holder;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (c: Buffer) => { output += c.toString(); if (/^locked /m.test(output)) resolve(); });
      child.once('exit', (code) => reject(new Error(`the holder exited (${code}): ${output}`)));
    });
    const refused = dump(server.dataDir, join(server.dataDir, 'refused.dump'));
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain(`volcado de la tienda: la carpeta de datos ${server.dataDir} la está usando un volcado de la tienda (npm run shop:dump) (proceso ${child.pid}, `);
    expect(refused.stderr).toContain('vuelva a volcar cuando haya terminado');
    expect(readdirSync(server.dataDir)).not.toContain('refused.dump');
    // And a server is refused the same way.
    const second = await secondServer(server.dataDir);
    expect(second.code).toBe(3);
    expect(second.output).toContain(`(proceso ${child.pid}, en marcha desde `);
  }, 120_000);
});
