/**
 * Issue 27, "an owner can run it": every command (`npm run server`, `npm run restore`, `npm run shop:dump`, run as
 * the owner runs them, each in its own process) answers `--help` with its usage and exit 0, and says what could not
 * be reached and how to fix it, in Spanish, without a stack trace, raw JSON or the database password; `status` shows
 * the processes with their heartbeat, the database, every till and when it last spoke, and the last server copy.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS, copyLine, statusLines, type StatusFacts } from '../../../server/cli-text';
import { databaseProblem } from '../../../server/db/connect-error';
import { GONE_AFTER_MS } from '../../../server/store/server-processes';
import { ShopTill } from '../../support/shop-till';
import { startShopServerProcess } from '../../support/shop-server-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mostrador-owner-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const server = (args: string[]) => run('server/cli.ts', args);
const restore = (args: string[]) => run('electron/restore-cli.ts', args);
const dump = (args: string[]) => run('server/dump-cli.ts', args);

const STACK = /^\s+at .+\(?.*:\d+:\d+\)?$/m;
/** A PostgreSQL address where nobody listens (port 1), with a password that must never be printed. */
const NOBODY = 'postgres://tienda:ClaveSecreta9@127.0.0.1:1/tienda';

function plain(answer: { stdout: string; stderr: string }): void {
  const all = answer.stdout + answer.stderr;
  expect(all).not.toMatch(STACK);
  expect(all).not.toContain('ClaveSecreta9');
  expect(all).not.toMatch(/\{"error"/);
}

describe('--help answers usage with exit 0 everywhere', () => {
  it('npm run server (every command), npm run restore and npm run shop:dump', async () => {
    const all = await server(['--help']);
    expect(all).toMatchObject({ code: 0, stderr: '' });
    for (const command of COMMANDS) {
      const one = await server([command, '--help']);
      expect(one, command).toMatchObject({ code: 0, stderr: '' });
      expect(one.stdout).toContain(`npm run server -- ${command === 'serve' ? '[' : command}`);
    }
    expect((await server(['status', '--help'])).stdout).toContain('--database-url URL');
    for (const flag of ['--help', '-h']) {
      const r = await restore([flag]);
      expect(r, flag).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(/^Restaurar una copia de la caja Mostrador\n/);
      expect(r.stdout).toContain('uso: npm run restore -- --from');
      const d = await dump([flag]);
      expect(d, flag).toMatchObject({ code: 0, stderr: '' });
      expect(d.stdout).toMatch(/^Volcado verificado de la tienda Mostrador\n/);
      expect(d.stdout).toContain('npm run shop:dump -- --database-url URL --out ARCHIVO');
    }
    // A mistake is still a mistake (exit 2), said in Spanish with where the help is.
    const wrong = await dump(['--bogus']);
    expect(wrong).toMatchObject({ code: 2, stderr: 'volcado de la tienda: no existe la opción --bogus. Vea npm run shop:dump -- --help\n' });
    const missing = await dump([]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^volcado de la tienda: diga dónde está la tienda/);
    // A data folder that cannot be made: which, why, what to do.
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const badDir = await restore(['--from', join(scratch, 'none.mostrador-backup'), '--data-dir', join(blocker, 'datos')]);
    expect(badDir).toMatchObject({ code: 1, stderr: `No se pudo crear la carpeta de datos ${join(blocker, 'datos')}: parte de esa ruta es un archivo, no una carpeta. Elija otra con --data-dir, o corrija eso y vuelva a intentarlo.\n` });
    for (const answer of [all, wrong, missing, badDir]) plain(answer);
  }, 300_000);
});

describe('a database that cannot be reached, said plainly by every command', () => {
  it('server, status, restore and shop:dump name the PostgreSQL, why and what to check; never the password', async () => {
    const dir = join(scratch, 'unreached');
    const said = /no se pudo conectar con PostgreSQL en 127\.0\.0\.1:1, base «tienda»: nadie atiende en esa máquina y ese puerto\. ¿Está en marcha PostgreSQL allí\? Revise --database-url/;
    const serve = await server(['--database-url', NOBODY, '--data-dir', dir, '--port', '0', '--host', '127.0.0.1']);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toMatch(new RegExp(`^servidor de la tienda: ${said.source}`));
    const status = await server(['status', '--database-url', NOBODY]);
    expect(status.code).toBe(1);
    expect(status.stderr).toMatch(said);
    // A pg_dump copy (its first bytes are all restore looks at before connecting).
    const copy = join(scratch, 'shop.pgdump');
    writeFileSync(copy, 'PGDMP and nothing more');
    const restored = await server(['restore', copy, '--database-url', NOBODY]);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toMatch(said);
    const dumped = await dump(['--database-url', NOBODY, '--out', join(scratch, 'out.pgdump')]);
    expect(dumped.code).toBe(1);
    expect(dumped.stderr).toMatch(new RegExp(`^volcado de la tienda: ${said.source}`));
    const garbled = await server(['--database-url', 'tienda en el puerto 5432', '--data-dir', dir]);
    expect(garbled).toMatchObject({ code: 1, stderr: expect.stringMatching(/la dirección de --database-url no se entiende: escríbala como postgres:\/\//) });
    for (const answer of [serve, status, restored, dumped, garbled]) plain(answer);
  }, 300_000);

  it('the other things PostgreSQL answers are said too (pure: the codes pg gives)', () => {
    const url = 'postgres://ana:x@db.tienda:5433/caja';
    expect(databaseProblem(url, { code: 'ENOTFOUND' })).toMatch(/^no se encontró la máquina de PostgreSQL en db\.tienda:5433, base «caja»/);
    expect(databaseProblem(url, { code: '28P01' })).toMatch(/rechazó el usuario o la clave/);
    expect(databaseProblem(url, { code: '3D000' })).toMatch(/no existe: créela \(createdb\)/);
    expect(databaseProblem(url, { code: 'ETIMEDOUT' })).toMatch(/la red no llega/);
    expect(databaseProblem(url, new Error('something else'))).toBeNull();
  });
});

describe('status, and the admin commands\' refusals', () => {
  it('shows the running process with its heartbeat, the database, each till and when it last spoke, the last copy; revoke 99 and a busy port said plainly', async () => {
    const backups = mkdtempSync(join(scratch, 'copies-'));
    const running = await startShopServerProcess({ args: ['--backup-dir', backups] });
    try {
      const till = new ShopTill(running.url);
      const code = await running.pairWithCli();
      expect((await till.pair(code, { name: 'Mostrador 1' })).status).toBe(200);
      expect((await till.call('GET', '/v1/changes?since=0&wait=0')).status).toBe(200);
      const now = await server(['backup-now', '--data-dir', running.dataDir]);
      expect(now.code).toBe(0);

      const status = await server(['status', '--data-dir', running.dataDir]);
      expect(status.code).toBe(0);
      expect(status.stdout).toContain(`El servidor de ${running.dataDir} está en marcha (proceso ${running.pid()}).`);
      expect(status.stdout).toMatch(new RegExp(`Procesos del servidor \\(1 en marcha\\):\\n  proceso ${running.pid()} en \\S+, versión [\\d.]+ \\(contrato \\d\\), desde \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d: en marcha, último latido hace \\d+ s`));
      expect(status.stdout).toMatch(/Base de datos: PostgreSQL integrado en .*pglite; esquema (\d+) de \1;/);
      expect(status.stdout).toMatch(/Cajas \(1\):\n  n\.º 1 Mostrador 1: habló por última vez hace \d+ s \(\d{4}-\d\d-\d\d \d\d:\d\d\)/);
      // Issue 28: the shop's invoicing (no service account set on this server: the till confirms by itself).
      expect(status.stdout).toMatch(/Facturación: el servidor no tiene credenciales del servicio: cada caja confirma por sí misma .*; la tienda hizo \d+ de \d+ peticiones permitidas en el último minuto\./);
      expect(status.stdout).toContain('Webhooks: no configurados');
      expect(status.stdout).toMatch(/Última copia del servidor: shop-[\d-]+\.tar\.gz, del \d{4}-\d\d-\d\d \d\d:\d\d \(hace \d+ s\)\./);
      plain(status);

      const revoke = await server(['revoke', '99', '--data-dir', running.dataDir]);
      expect(revoke).toMatchObject({ code: 1, stderr: `servidor de la tienda: el servidor no revocó la caja 99: no hay ninguna caja n.º 99; vea las cajas con npm run server -- tills --data-dir ${running.dataDir}\n` });
      plain(revoke);

      const port = new URL(running.url).port;
      const second = await server(['--data-dir', join(scratch, 'second'), '--port', port, '--host', '127.0.0.1']);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(new RegExp(`^servidor de la tienda: el puerto ${port} ya está en uso en 127\\.0\\.0\\.1 \\(¿otro servidor de la tienda, u otro programa\\?\\): detenga ese, o arranque con otro --port`));
      plain(second);

      await running.stop();
      const down = await server(['status', '--data-dir', running.dataDir]);
      expect(down.code).toBe(1);
      expect(down.stdout).toContain(`El servidor de ${running.dataDir} no responde: póngalo en marcha (npm run server -- --data-dir ${running.dataDir})`);
      expect(down.stdout).toMatch(/Última copia del servidor: shop-/);
      plain(down);
      const pairDown = await server(['pair', '--data-dir', running.dataDir]);
      expect(pairDown).toMatchObject({ code: 1, stderr: `servidor de la tienda: el servidor de ${running.dataDir} no responde en ${running.url} (nadie atiende allí): póngalo en marcha con npm run server -- --data-dir ${running.dataDir}\n` });
      plain(pairDown);
    } finally {
      await running.dispose();
    }
  }, 300_000);

  it('says a process that stopped beating, one stopped, a schema behind, a till never heard from, and a copy too old (pure)', () => {
    const now = Date.UTC(2026, 10, 28, 15, 0, 0);
    const facts: StatusFacts = {
      now,
      database: { kind: 'postgresql', schema: 5, schemaKnown: 6, durability: 'fsync on' },
      processes: [
        { pid: 11, host: 'caja-pc', addresses: ['https://192.168.1.20:4300'], version: '0.2.0', contract: 2, startedAt: now - 3_600_000, beatAt: now - 5_000, stoppedAt: null },
        { pid: 12, host: 'caja-pc', addresses: ['https://192.168.1.20:4310'], version: '0.2.0', contract: 2, startedAt: now - 3_600_000, beatAt: now - 5 * 60_000, stoppedAt: null },
        { pid: 14, host: 'caja-pc', addresses: [], version: '0.2.0', contract: 2, startedAt: now - 60_000, beatAt: now - 2_000, stoppedAt: null, vanished: true },
        { pid: 13, host: 'otro-pc', addresses: [], version: '0.1.0', contract: 1, startedAt: now - 7_200_000, beatAt: now - 600_000, stoppedAt: now - 600_000 },
      ],
      tills: [
        { number: 1, name: 'Caja 1', revoked: false, pairedAt: now - 86_400_000, lastSeenAt: now - 42_000 },
        { number: 2, name: 'Caja 2', revoked: false, pairedAt: now - 86_400_000, lastSeenAt: null },
        { number: 3, name: 'Vieja', revoked: true, pairedAt: now - 86_400_000, lastSeenAt: now - 86_400_000 },
      ],
    };
    const text = statusLines(facts, GONE_AFTER_MS, 'la de --database-url').join('\n');
    expect(text).toContain('Procesos del servidor (1 en marcha):');
    expect(text).toContain('proceso 11 en caja-pc, versión 0.2.0 (contrato 2), desde 2026-11-28 09:00: en marcha, último latido hace 5 s — https://192.168.1.20:4300');
    expect(text).toContain('proceso 12 en caja-pc, versión 0.2.0 (contrato 2), desde 2026-11-28 09:00: SIN LATIDO desde hace 5 min: terminó sin avisar');
    expect(text).toContain('proceso 14 en caja-pc, versión 0.2.0 (contrato 2), desde 2026-11-28 09:59: terminó sin avisar: su proceso ya no existe en este computador (último latido hace 2 s)');
    expect(text).toContain('proceso 13 en otro-pc, versión 0.1.0 (contrato 1), desde 2026-11-28 08:00: detenido hace 10 min');
    expect(text).toContain('esquema 5 de 6');
    expect(text).toContain('Al esquema le faltan 1 cambios: el próximo arranque del servidor los aplica (solo hacia adelante).');
    expect(text).toContain('n.º 1 Caja 1: habló por última vez hace 42 s (2026-11-28 09:59)');
    expect(text).toContain('n.º 2 Caja 2: sin noticias suyas desde que se emparejó (2026-11-27 10:00)');
    expect(text).toContain('n.º 3 Vieja: REVOCADA');
    expect(text).not.toContain('Facturación');
    const withInvoicing = statusLines({
      ...facts,
      invoicing: {
        credentials: 'set', requestsLastMinute: 212, limit: 300,
        tills: [
          { tillId: 'a'.repeat(32), number: 1, name: 'Caja 1', waiting: 3, confirmsItself: false, lastWatchAt: now - 5_000 },
          { tillId: 'b'.repeat(32), number: 2, name: 'Caja 2', waiting: 1, confirmsItself: true, lastWatchAt: null },
        ],
        webhooks: { configured: true, received: 40, lastAt: now - 90_000 },
      },
    }, GONE_AFTER_MS, 'la de --database-url').join('\n');
    expect(withInvoicing).toContain('Facturación: el servidor confirma por toda la tienda con las credenciales guardadas; la tienda hizo 212 de 300 peticiones permitidas en el último minuto.');
    expect(withInvoicing).toContain('n.º 1 Caja 1: 3 facturas esperan la validación; el servidor confirma por ella');
    expect(withInvoicing).toContain('n.º 2 Caja 2: 1 factura espera la validación; confirma por sí misma');
    expect(withInvoicing).toContain('Webhooks: 40 recibidos; el último hace 1 min (2026-11-28 09:58).');
    const refused = statusLines({ ...facts, invoicing: { credentials: 'refused', requestsLastMinute: 0, limit: 300, tills: [], webhooks: { configured: false, received: 0, lastAt: null } } }, GONE_AFTER_MS, 'x').join('\n');
    expect(refused).toContain('el servicio RECHAZÓ las credenciales del servidor');
    expect(refused).toContain('Webhooks: no configurados');
    expect(copyLine({ file: 'shop-2026-11-25-030000.tar.gz', at: now - 3 * 86_400_000 }, now, '/copias')).toMatch(/\(hace 3 días\) — DEMASIADO VIEJA/);
    expect(copyLine(null, now, null)).toMatch(/arrancó sin --backup-dir/);
  });
});
