/**
 * The server's own copies (issue 25): the daily schedule on a movable clock with real files (due at start when the
 * last scheduled time has no copy, not again until the next; a failure retried an hour later), the shared rotation
 * applied to the folder, each copy verified before it is kept (a damaged one deleted, a good one never overwritten),
 * files mode 600; a copy of the embedded store taken while a till keeps pushing; and the one-step restore into an
 * empty folder or database, refused into one that holds data.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCopyRotation } from '../../../shared/backup-rotation';
import { shopDateOf, shopDayWindow } from '../../../shared/shop/shop-day';
import { restoreShop, RestoreRefused } from '../../../server/backup/restore';
import { createBackupSchedule, lastSlot } from '../../../server/backup/schedule';
import { listServerCopies, parseServerCopyName, serverCopyName, takeServerCopy } from '../../../server/backup/server-copies';
import { countShop } from '../../../server/dump/shop-counts';
import { openStore } from '../../../server/open-store';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { pushAll, seedPeople } from './back-office-rig';
import { daySales } from './back-office-samples';
import { startHarness, type Harness } from './harness';
import { product } from './samples';

const root = mkdtempSync(join(tmpdir(), 'mostrador-server-backups-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function fillShop(h: Harness, perTill: number): Promise<void> {
  await seedPeople(h);
  await h.saveAtServer('product', 'CAF-500', product('CAF-500', 18900));
  const tills = [await h.pairedTill('Caja 1'), await h.pairedTill('Caja 2')];
  const w = shopDayWindow(shopDateOf(Date.now()));
  await pushAll(tills, daySales(w.from, w.to, perTill).filter((s) => s.tillIndex < 2));
}

/** Names of copies of earlier days (each with its .json), as a folder holds after months of copies. */
function earlierCopies(folder: string, from: Date, days: number, ext: 'tar.gz' | 'pgdump'): string[] {
  const names: string[] = [];
  for (let i = 1; i <= days; i++) {
    const at = new Date(from.getFullYear(), from.getMonth(), from.getDate() - i, 3, 0, 0).getTime();
    const name = serverCopyName(at, ext === 'pgdump' ? 'postgresql' : 'pglite');
    writeFileSync(join(folder, name), 'an earlier copy');
    writeFileSync(join(folder, `${name}.json`), '{}');
    names.push(name);
  }
  return names;
}

const ROOT = join(import.meta.dirname, '../../..');
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const copiesIn = (folder: string) => readdirSync(folder).filter((n) => parseServerCopyName(n) !== null).sort();

describe('scheduled copies of the embedded store (PGlite)', () => {
  const dir = join(root, 'pglite');
  const folder = join(root, 'copies-pglite');
  mkdirSync(folder);
  let h: Harness;
  beforeAll(async () => {
    const db = await openStore({ pgliteDir: dir });
    h = await startHarness(async () => ({ db, cleanup: () => db.close() }));
    await fillShop(h, 6);
  }, 120_000);
  afterAll(() => h?.close(), 60_000);

  it('takes the copy due at start, not again until the next scheduled time, and rotates the folder by the shared rule', async () => {
    let clock = new Date(2025, 5, 15, 10, 0, 0).getTime(); // 15 June 2025, 10:00 local: today's 03:00 has no copy
    const earlier = earlierCopies(folder, new Date(clock), 120, 'tar.gz');
    const logs: string[] = [];
    const schedule = await createBackupSchedule({
      source: { kind: 'pglite', db: h.db, pgliteDir: dir }, folder, now: () => clock, at: { hour: 3, minute: 0 }, log: (l) => logs.push(l),
    });
    expect(schedule.newest()).toBe(new Date(2025, 5, 14, 3, 0, 0).getTime());
    const first = await schedule.tick();
    expect(first).toMatchObject({ ok: true });
    if (!first?.ok) throw new Error('no copy');
    expect(first.copy.file).toBe('shop-2025-06-15-100000.tar.gz');
    expect(first.copy.record.counts).toEqual(await countShop(h.db));
    expect(first.copy.record.counts).toMatchObject({ sales: 12, tills: 2, products: 1, people: 2 });
    expect(statSync(first.copy.path).mode & 0o777).toBe(0o600);
    expect(statSync(`${first.copy.path}.json`).mode & 0o777).toBe(0o600);
    expect(logs.at(-1)).toMatch(/^copia: guardada .*shop-2025-06-15-100000\.tar\.gz \(.*verificada: 12 ventas.*retiradas por la rotación/);

    const expected = planCopyRotation([...earlier, first.copy.file].map((n) => parseServerCopyName(n)!)).keep.sort();
    expect(copiesIn(folder)).toEqual(expected);
    // 9–15 June (7 days); 8 June, 1 June, 25 May (the 3 weeks before); 31 May, 30 April, 31 March, 28 February (months)
    expect(expected).toHaveLength(14);
    expect(expected).toContain('shop-2025-02-28-030000.tar.gz');
    for (const name of expected) expect(existsSync(join(folder, `${name}.json`))).toBe(true);
    expect(readdirSync(folder).filter((n) => n.endsWith('.json') && !expected.includes(n.slice(0, -5)))).toEqual([]);

    expect(await schedule.tick()).toBeNull();
    clock = new Date(2025, 5, 16, 2, 59, 0).getTime();
    expect(await schedule.tick()).toBeNull();
    clock = new Date(2025, 5, 16, 3, 0, 30).getTime();
    const second = await schedule.tick();
    expect(second).toMatchObject({ ok: true, copy: { file: 'shop-2025-06-16-030030.tar.gz' } });
    expect((await listServerCopies(folder))[0]).toMatchObject({ file: 'shop-2025-06-16-030030.tar.gz', store: 'pglite', record: { counts: { sales: 12 } } });
    await schedule.close();
  }, 180_000);

  it('deletes a copy that fails its check and says so; retries an hour later; never overwrites a good copy', async () => {
    const before = copiesIn(folder);
    const bytes = new Map(before.map((n) => [n, readFileSync(join(folder, n))]));
    let clock = new Date(2025, 5, 17, 9, 0, 0).getTime();
    let damage = true;
    const logs: string[] = [];
    const schedule = await createBackupSchedule({
      source: { kind: 'pglite', db: h.db, pgliteDir: dir }, folder, now: () => clock, at: { hour: 3, minute: 0 }, log: (l) => logs.push(l),
      beforeVerify: async (partial) => { if (damage) truncateSync(partial, Math.floor(statSync(partial).size / 2)); },
    });
    const failed = await schedule.tick();
    expect(failed).toMatchObject({ ok: false, message: expect.stringMatching(/does not load/) });
    expect(logs.at(-1)).toMatch(/^copia FALLIDA, no se guardó nada de este intento: the copy does not load.*La copia buena más nueva es del .*Próximo intento en una hora\.$/);
    expect(copiesIn(folder)).toEqual(before);
    expect(readdirSync(folder).filter((n) => n.startsWith('.partial-'))).toEqual([]);
    for (const [name, content] of bytes) expect(readFileSync(join(folder, name)).equals(content)).toBe(true);

    damage = false;
    clock += 30 * 60_000;
    expect(await schedule.tick()).toBeNull(); // half an hour later: not yet
    clock += 30 * 60_000;
    // A file already holds the name this copy would take: it is kept as it is, and no copy is taken.
    const taken = serverCopyName(clock, 'pglite');
    writeFileSync(join(folder, taken), 'a good copy already');
    const clash = await schedule.tick();
    expect(clash).toMatchObject({ ok: false, message: expect.stringMatching(/ya hay una copia llamada .*; se conserva/) });
    expect(readFileSync(join(folder, taken), 'utf8')).toBe('a good copy already');
    rmSync(join(folder, taken));
    clock += 60 * 60_000;
    expect(await schedule.tick()).toMatchObject({ ok: true, copy: { file: serverCopyName(clock, 'pglite') } });
    await schedule.close();
  }, 180_000);

  it('copies while a till keeps pushing; the copy restores into an empty folder holding what its record says, and is refused into one holding data', async () => {
    const target = join(root, 'restored-pglite');
    const till = await h.pairedTill('Caja 3');
    const w = shopDayWindow(shopDateOf(Date.now()));
    const more = daySales(w.from, w.to, 40, 77).filter((s) => s.tillIndex === 0).map((s) => ({ ...s, tillIndex: 0 }));
    let pushing = true;
    let pushed = 0;
    const pusher = (async () => {
      for (const s of more) {
        if (!pushing) break;
        const answer = await till.call('POST', '/v1/sales', { sales: [s.sale] });
        expect(answer.status).toBe(200);
        pushed += 1;
      }
    })();
    const copy = await takeServerCopy({ source: { kind: 'pglite', db: h.db, pgliteDir: dir }, folder, now: () => new Date(2025, 5, 18, 3, 0, 0).getTime() });
    pushing = false;
    await pusher;
    expect(pushed).toBeGreaterThan(0);
    const { before, after } = copy.record.source;
    expect(copy.record.counts.sales).toBeGreaterThanOrEqual(before.sales);
    expect(copy.record.counts.sales).toBeLessThanOrEqual(after.sales);

    const restored = await restoreShop(copy.path, { pgliteDir: target });
    expect(restored.counts).toEqual(copy.record.counts);
    expect(restored.expected).toEqual(copy.record.counts);
    expect(restored.tills.map((t) => t.name)).toEqual(['Caja 1', 'Caja 2', 'Caja 3']);
    const { rows } = await h.db.query<{ id: string; generation: string }>('SELECT id, generation FROM shop');
    expect(restored.shopId).toBe(rows[0]!.id);
    expect(restored.generation).not.toBe(rows[0]!.generation);
    const reopened = await openStore({ pgliteDir: target });
    try {
      expect(await countShop(reopened)).toEqual(copy.record.counts);
    } finally {
      await reopened.close();
    }
    const names = readdirSync(target);
    await expect(restoreShop(copy.path, { pgliteDir: target })).rejects.toThrow(/ya tiene datos .*aparte esa carpeta/);
    expect(readdirSync(target)).toEqual(names);
    await expect(restoreShop(copy.path, { databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(/copia del almacén integrado: restáurela con --data-dir/);
    const cut = join(root, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(copy.path).subarray(0, 5000));
    await expect(restoreShop(cut, { pgliteDir: join(root, 'never') })).rejects.toBeInstanceOf(RestoreRefused);
    expect(existsSync(join(root, 'never'))).toBe(false);
  }, 180_000);
});

describe('the owner\'s commands', () => {
  it('--help answers the usage; backups lists the kept copies with what they hold; restore without a target says what to give', async () => {
    const help = await cli(['--help']);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringMatching(/restore ARCHIVO \(--data-dir CARPETA \| --database-url URL\)/) });
    expect(await cli(['restore', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Servidor de la tienda Mostrador — restore/) });
    const folder = join(root, 'copies-listed');
    mkdirSync(folder);
    const counts = { sales: 60, sale_lines: 120, shifts: 3, products: 40, customers: 5, people: 2, tills: 3 };
    writeFileSync(join(folder, 'shop-2025-06-15-030000.tar.gz'), 'x'.repeat(2_500_000));
    writeFileSync(join(folder, 'shop-2025-06-15-030000.tar.gz.json'), JSON.stringify({ counts }));
    writeFileSync(join(folder, 'shop-2025-06-14-030000.tar.gz'), 'x');
    writeFileSync(join(folder, 'shop-2025-06-14-030000.tar.gz.json'), '{"counts": {"sales": "many"}}');
    writeFileSync(join(folder, 'notes.txt'), 'not a copy');
    const listed = await cli(['backups', '--backup-dir', folder]);
    expect(listed).toMatchObject({ code: 0 });
    expect(listed.stdout.split('\n').slice(0, 3)).toEqual([
      `2 copias en ${folder}, la más nueva primero:`,
      expect.stringMatching(/^ {2}shop-2025-06-15-030000\.tar\.gz {2}2025-\d\d-\d\d \d\d:\d\d {2}integrado {2}2,5 MB {2}60 ventas, 120 líneas, 3 turnos, 40 productos, 5 clientes, 2 personas, 3 cajas$/),
      expect.stringMatching(/^ {2}shop-2025-06-14-030000\.tar\.gz .* no se sabe qué tiene \(falta su \.json o no se puede leer\)$/),
    ]);
    expect(listed.stdout).toMatch(/La copia más nueva tiene \d+ días/);
    const missing = await cli(['backups', '--backup-dir', join(root, 'no-such-folder')]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/la carpeta de copias .*no-such-folder no existe/) });
    const untargeted = await cli(['restore', join(folder, 'x.tar.gz')]);
    expect(untargeted).toMatchObject({ code: 1, stderr: expect.stringMatching(/diga dónde restaurar: --data-dir CARPETA .* o --database-url URL/) });
  }, 60_000);
});

const bin = postgresBinDir();
describe.skipIf(bin === null)('scheduled copies of a shop on PostgreSQL', () => {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);
  const tools = () => ({ pgDump: join(bin!, 'pg_dump'), pgRestore: join(bin!, 'pg_restore') });

  it('takes a verified copy (pg_dump), rotates, and restores it into an empty database only', async () => {
    const url = await cluster!.createDatabase('backup_source');
    const db = await openStore({ databaseUrl: url });
    const h = await startHarness(async () => ({ db, cleanup: () => db.close() }));
    const folder = join(root, 'copies-pg');
    mkdirSync(folder);
    try {
      await fillShop(h, 9);
      const clock = new Date(2025, 2, 3, 3, 0, 0).getTime();
      const earlier = earlierCopies(folder, new Date(clock), 20, 'pgdump');
      const logs: string[] = [];
      const schedule = await createBackupSchedule({
        source: { kind: 'postgresql', db, databaseUrl: url, tools: tools() }, folder, now: () => clock, at: { hour: 3, minute: 0 }, log: (l) => logs.push(l),
      });
      expect(lastSlot(clock, { hour: 3, minute: 0 })).toBe(clock);
      const outcome = await schedule.tick();
      await schedule.close();
      if (!outcome?.ok) throw new Error(`no copy: ${JSON.stringify(outcome)} ${logs.join('\n')}`);
      const copy = outcome.copy;
      expect(copy.file).toBe('shop-2025-03-03-030000.pgdump');
      expect(copy.record.counts).toEqual(await countShop(db));
      expect(copy.record.counts).toMatchObject({ sales: 18, tills: 2 });
      expect(statSync(copy.path).mode & 0o777).toBe(0o600);
      expect(copiesIn(folder)).toEqual(planCopyRotation([...earlier, copy.file].map((n) => parseServerCopyName(n)!)).keep.sort());
      // The throwaway database the check restored into is gone.
      expect((await db.query("SELECT datname FROM pg_database WHERE datname LIKE 'mostrador_verify_%'")).rows).toEqual([]);

      const target = await cluster!.createDatabase('backup_restored');
      const restored = await restoreShop(copy.path, { databaseUrl: target, tools: tools() });
      expect(restored.counts).toEqual(copy.record.counts);
      expect(restored.expected).toEqual(copy.record.counts);
      const again = await openStore({ databaseUrl: target });
      try {
        expect(await countShop(again)).toEqual(copy.record.counts);
        const g = await again.query<{ generation: string }>('SELECT generation FROM shop');
        expect(g.rows[0]!.generation).toBe(restored.generation);
      } finally {
        await again.close();
      }
      await expect(restoreShop(copy.path, { databaseUrl: url, tools: tools() })).rejects.toThrow(/ya tiene datos .*Cree una nueva/);
      expect(await countShop(db)).toEqual(copy.record.counts);
      await expect(restoreShop(copy.path, { pgliteDir: join(root, 'wrong-kind') })).rejects.toThrow(/copia de PostgreSQL .*--database-url/);
    } finally {
      await h.close();
    }
  }, 180_000);
});
