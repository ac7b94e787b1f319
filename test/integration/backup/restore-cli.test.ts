/** `npm run restore` on a fresh data folder, as on a new machine: inspect first, then restore; sales and Z reports come back. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../electron/core/store';
import { takeBackup } from '../../../electron/core/backup/take-backup';
import { sampleSale } from '../../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-restore-cli-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const restore = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'electron/restore-cli.ts', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('npm run restore', () => {
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
    expect(refused.stderr).toMatch(/NEEDS_PASSPHRASE/);
    const wrong = restore(['--from', taken.path, '--data-dir', fresh, '--passphrase-env', 'BK'], { BK: 'no es esta' });
    expect(wrong.stderr).toMatch(/WRONG_PASSPHRASE\): The passphrase is not the one/);

    // Step 1 without --yes: says what the copy holds and replaces nothing.
    const looked = restore(['--from', taken.path, '--data-dir', fresh, '--passphrase-env', 'BK'], { BK: 'frase del dueño 2025' });
    expect(looked.status).toBe(1);
    expect(looked.stdout).toMatch(/sales: +25/);
    expect(looked.stdout).toMatch(/last sale number: 25/);
    expect(looked.stdout).toMatch(/closed shifts: +1/);
    expect(readdirSync(fresh)).toEqual([]);

    const done = restore(['--from', taken.path, '--data-dir', fresh, '--passphrase-env', 'BK', '--yes'], { BK: 'frase del dueño 2025' });
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/client secret lives in the system keychain and is not in the backup/);
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
    expect(restore(['--from', taken.path, '--data-dir', target, '--yes']).status).toBe(0);
    expect(readdirSync(target).some((n) => /^mostrador\.sqlite\.replaced-/.test(n))).toBe(true);

    const newer = new Database(taken.path);
    newer.pragma('user_version = 999');
    newer.close();
    const refused = restore(['--from', taken.path, '--data-dir', join(dir, 'other'), '--yes']);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/NEWER_SCHEMA\): This backup was made by a newer Mostrador/);
  });
});
