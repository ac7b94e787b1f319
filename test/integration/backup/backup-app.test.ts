/**
 * Backups in the composed app (real data folder, real keychain under a throwaway name): a copy from Settings, the
 * one a shift's close starts, the status snapshot's time, and a restore that reopens the till on the copy.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, forgetSecret, ITEMS, startAppRig, type AppRig } from '../app/app-rig';

const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
let rig: AppRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('backups in the app', () => {
  it('a copy from Settings counts as good, shows in the status snapshot, and a shift close takes another without waiting for it', async () => {
    rig = await startAppRig();
    expect((await rig.value('sync.status', {})).lastBackupAt).toBeNull();
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    const status = await rig.value('backup.run', {});
    expect(status.lastFailure).toBeNull();
    expect(status.lastGood?.counts.sales).toBe(1);
    expect(status.folder).toBe(join(rig.dataDir, 'backups'));
    expect(status.encrypts).toBe(false);
    expect(status.copies).toHaveLength(1);
    expect((await rig.value('sync.status', {})).lastBackupAt).toBe(status.lastGood?.at);

    const shift = await rig.value('shifts.open', { openingCash: 100000 });
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await rig.value('shifts.close', { shiftId: shift.id, count: { bills: { '100000': 1 }, coins: {} }, confirmUnsent: true });
    const after = await until(() => rig!.value('backup.status', {}), (s) => (s.lastGood?.counts.sales ?? 0) === 2);
    expect(after.lastGood?.counts).toMatchObject({ sales: 2, shifts: 1 });
  });

  it('a folder outside the data folder needs a passphrase (kept in the keychain, never in the data file) and gets encrypted copies', async () => {
    rig = await startAppRig();
    const usb = join(rig.dataDir, '..', `usb-${Date.now()}`);
    mkdirSync(usb);
    const refused = await rig.call('backup.configure', { folder: usb });
    expect(refused).toMatchObject({ ok: false, error: { fields: { passphrase: 'NEEDS_PASSPHRASE' } } });
    const passphrase = 'la tienda de doña Rosa';
    const configured = await rig.value('backup.configure', { folder: usb, passphrase });
    expect(configured).toMatchObject({ encrypts: true, passphraseStored: true });
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    const ran = await rig.value('backup.run', {});
    expect(ran.lastGood?.file).toMatch(/\.sqlite\.enc$/);
    expect(readdirSync(usb)).toHaveLength(1);
    expect(rig.dataFilesText()).not.toContain(passphrase);
    expect(rig.logs.join('\n')).not.toContain(passphrase);
    expect(JSON.stringify(rig.results)).not.toContain(passphrase);
    rmSync(usb, { recursive: true, force: true });
  });

  it('restores a copy in two steps: says what it holds, then reopens the till on it, keeping the replaced file', async () => {
    rig = await startAppRig();
    const first = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    const taken = await rig.value('backup.run', {});
    // Sales after the copy: the restore goes back to before them.
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    const copyPath = taken.copies[0]!.path;

    const preview = await rig.value('backup.inspect', { file: copyPath });
    expect(preview).toMatchObject({ sales: 1, lastSaleNumber: first.shortNumber, encrypted: false });
    // Inspecting replaced nothing.
    expect((await rig.value('sales.search', { limit: 10 })).total).toBe(3);

    const done = await rig.value('backup.restore', { token: preview.token });
    // A demo till has no secret to ask for.
    expect(done).toMatchObject({ reopened: true, secretNeeded: false });
    expect(done.replacedFile && existsSync(done.replacedFile)).toBe(true);
    const after = await rig.value('sales.search', { limit: 10 });
    expect(after.total).toBe(1);
    expect(after.sales[0]?.referenceCode).toBe(first.referenceCode);
    // The same token cannot restore twice.
    expect(await rig.call('backup.restore', { token: preview.token })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('restoring a copy of a till on a real service asks for the secret when this keychain does not hold it', async () => {
    rig = await startAppRig();
    const account = { baseUrl: 'http://127.0.0.1:9', clientId: 'fc_tienda_copia' };
    // Nothing listens on port 9: saved unverified, the secret still goes to the keychain.
    await rig.value('settings.saveConnection', { ...account, clientSecret: 'secreto-de-la-tienda', saveUnverified: true });
    const taken = await rig.value('backup.run', {});
    const copyPath = taken.copies[0]!.path;

    // Same keychain: the secret is there, nothing to ask.
    const kept = await rig.value('backup.inspect', { file: copyPath });
    expect(await rig.value('backup.restore', { token: kept.token })).toMatchObject({ secretNeeded: false });

    // A new machine's keychain (here: the entry removed) has no secret for the copy's service.
    await forgetSecret(rig.keychainService, account.baseUrl, account.clientId);
    const again = await rig.value('backup.inspect', { file: copyPath });
    expect(await rig.value('backup.restore', { token: again.token })).toMatchObject({ reopened: true, secretNeeded: true });
    expect((await rig.value('settings.get', {})).connection).toMatchObject({ mode: 'service', ...account, secretState: 'missing' });
  });
});
