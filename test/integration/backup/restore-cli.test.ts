/**
 * `npm run restore` on a fresh data folder, as on a new machine: inspect first, then restore; sales and Z reports come
 * back. It speaks Spanish, like the till (issue 18).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../electron/core/store';
import { takeBackup } from '../../../electron/core/backup/take-backup';
import { sampleSale } from '../../support/sample-sale';
import { startAppRig } from '../app/app-rig';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-restore-cli-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const restore = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'electron/restore-cli.ts', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('npm run restore', () => {
  it('says in Spanish what is wrong with its arguments', () => {
    const unknown = restore(['--desde', 'x']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^Opción desconocida \(--desde\)\.\nuso: npm run restore -- --from <archivo de la copia>/);
    const missing = restore(['--from', 'x']);
    expect(missing.stderr).toMatch(/^Faltan --from .* y --data-dir/);
  });

  it('restores an encrypted copy on a fresh data folder: sales and the Z report are back, and it asks for the secret', async () => {
    const till = join(dir, 'old-till');
    const usb = join(dir, 'usb');
    mkdirSync(till);
    mkdirSync(usb);
    const store = openStore({ path: join(till, 'mostrador.sqlite') });
    const shift = store.startShift({ tillId: store.tillId(), tillName: 'Caja 1', openedBy: { id: null, name: '' }, openingCash: '100000.00' });
    for (let i = 0; i < 25; i++) store.recordSale(sampleSale(i));
    store.closeShift(shift.id, { closedBy: { id: null, name: '' }, cashCount: { bills: {}, coins: {} }, countedCash: '0.00', report: () => ({ kind: 'Z', sales: 25 }) as never });
    const taken = await takeBackup({ db: store.database(), stagingDir: till, folder: usb, passphrase: 'frase del dueño 2025', now: Date.now });
    store.close();

    const fresh = join(dir, 'new-machine');
    const refused = restore(['--from', taken.path, '--data-dir', fresh]);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/^Rechazada \(NEEDS_PASSPHRASE\): La copia está cifrada: se necesita su contraseña\..*--passphrase-env/);
    const wrong = restore(['--from', taken.path, '--data-dir', fresh, '--passphrase-env', 'BK'], { BK: 'no es esta' });
    expect(wrong.stderr).toMatch(/WRONG_PASSPHRASE\): La contraseña no es la de esta copia/);
    const empty = restore(['--from', taken.path, '--data-dir', fresh, '--passphrase-env', 'BK'], { BK: '' });
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/^La variable BK está vacía/);

    // Step 1 without --yes: says what the copy holds and replaces nothing.
    const looked = restore(['--from', taken.path, '--data-dir', fresh, '--passphrase-env', 'BK'], { BK: 'frase del dueño 2025' });
    expect(looked.status).toBe(1);
    expect(looked.stdout).toMatch(/^Copia: .*\(cifrada\)$/m);
    expect(looked.stdout).toMatch(/ventas: +25$/m);
    expect(looked.stdout).toMatch(/última venta: +25 \(\d{1,2}\/\d{1,2}\/\d{4}/m);
    expect(looked.stdout).toMatch(/turnos cerrados: +1$/m);
    expect(looked.stdout).toMatch(/No se reemplazó nada\. Vuelva a ejecutarlo con --yes/);
    // Only the folder's lock file (empty, kept for good; issue 25): nothing of the copy, nothing replaced.
    expect(readdirSync(fresh)).toEqual(['mostrador.lock']);

    const done = restore(['--from', taken.path, '--data-dir', fresh, '--passphrase-env', 'BK', '--yes'], { BK: 'frase del dueño 2025' });
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^Restaurada\.$/m);
    expect(done.stdout).toMatch(/clave secreta del servicio está en el llavero del sistema y no viene en ninguna copia/);
    const back = openStore({ path: join(fresh, 'mostrador.sqlite') });
    expect(back.listShifts(10, 0).shifts[0]).toMatchObject({ report: { kind: 'Z', sales: 25 } });
    back.close();
    const db = new Database(join(fresh, 'mostrador.sqlite'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM sales').get()).toEqual({ n: 25 });
    db.close();
  });

  it('keeps the data file it replaces, and refuses a copy from a newer schema', async () => {
    const till = join(dir, 'till');
    mkdirSync(till);
    const store = openStore({ path: join(till, 'mostrador.sqlite') });
    store.recordSale(sampleSale(1));
    const taken = await takeBackup({ db: store.database(), stagingDir: till, folder: till, passphrase: null, now: Date.now });
    store.close();
    const target = join(dir, 'target');
    mkdirSync(target);
    writeFileSync(join(target, 'mostrador.sqlite'), 'the old data file');
    const done = restore(['--from', taken.path, '--data-dir', target, '--yes']);
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/El archivo de datos anterior se conserva como mostrador\.sqlite\.replaced-/);
    expect(readdirSync(target).some((n) => /^mostrador\.sqlite\.replaced-/.test(n))).toBe(true);

    const newer = new Database(taken.path);
    newer.pragma('user_version = 999');
    newer.close();
    const refused = restore(['--from', taken.path, '--data-dir', join(dir, 'other'), '--yes']);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/NEWER_SCHEMA\): Esta copia la hizo una versión más nueva de Mostrador \(esquema 999; este Mostrador conoce hasta el \d+\)/);
    const missing = restore(['--from', join(dir, 'no-such.sqlite'), '--data-dir', join(dir, 'other')]);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toMatch(/NOT_FOUND\): No hay ningún archivo en .*no-such\.sqlite/);
  });

  it('refuses, in Spanish and before looking at the copy, to restore into a folder a running till holds', async () => {
    const till = join(dir, 'till');
    mkdirSync(till);
    const store = openStore({ path: join(till, 'mostrador.sqlite') });
    store.recordSale(sampleSale(1));
    const taken = await takeBackup({ db: store.database(), stagingDir: till, folder: till, passphrase: null, now: Date.now });
    store.close();

    // A till running (this process, composed as both shells compose it) on the folder restored into.
    const rig = await startAppRig();
    try {
      const before = readdirSync(rig.dataDir).sort();
      const refused = restore(['--from', taken.path, '--data-dir', rig.dataDir, '--yes']);
      expect(refused.status).toBe(3);
      expect(refused.stderr.startsWith(`No se restauró nada: la carpeta de datos ${rig.dataDir} la está usando otra caja de Mostrador (proceso ${process.pid}, en el equipo `)).toBe(true);
      expect(refused.stderr).toMatch(/, en marcha desde \d{1,2}\/\d{1,2}\/\d{4}.*\)\. Cierre Mostrador en este equipo y vuelva a ejecutar la restauración\.\n$/);
      expect(refused.stdout).toBe('');
      expect(readdirSync(rig.dataDir).sort()).toEqual(before);
      // The till goes on as it was.
      expect(await rig.value('app.info', {})).toMatchObject({ shell: 'browser' });
    } finally {
      await rig.composed.close();
    }
    // Closed, it lets go: the same restore goes through.
    const done = restore(['--from', taken.path, '--data-dir', rig.dataDir, '--yes']);
    expect(done.status).toBe(0);
    rmSync(rig.dataDir, { recursive: true, force: true });
  });
});
