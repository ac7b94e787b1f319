/**
 * Issue 19 §7 on screen: a wrongly signed update is refused and the owner is told, in Spanish, until they dismiss it.
 * Browser mode has no updater; its stand-in reads a local update folder (MOSTRADOR_UPDATE_FOLDER,
 * electron/browser/folder-updates.ts) and checks the file it offers exactly as the packaged app checks a download:
 * its `.sig` against the key compiled into the app. The file here is signed with a key of our own, as an attacker's
 * would be (the compiled-in key's private half was never kept), so the real check refuses it.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { openTill, saveScreen, statusBar } from './counter';
import { sidewaysOverflow } from './screen-geometry';
import { expectSpanishScreen } from './spanish-check';

const OWNER = { name: 'Ana Dueña', pin: '2468' };
const CASHIER = { name: 'Beto Cajero', pin: '1357' };
const SIZES = [
  { width: 1024, height: 768 }, { width: 1093, height: 614 }, { width: 1280, height: 800 }, { width: 1366, height: 768 }, { width: 1920, height: 1080 },
];

const apps: AppProcess[] = [];
const folders: string[] = [];
let dataDir = '';

test.afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
  if (dataDir) removeDataDir(dataDir);
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An update folder as `npm run dist` and the release steps leave it, but signed by someone else's key. */
function foreignSignedUpdateFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'mostrador-updates-'));
  folders.push(folder);
  const file = 'Mostrador-9.9.9.AppImage';
  const bytes = Buffer.from(`ELF… not our build ${'x'.repeat(2048)}`);
  writeFileSync(join(folder, file), bytes);
  writeFileSync(join(folder, 'latest-linux.yml'), `version: 9.9.9\nfiles:\n  - url: ${file}\n    size: ${bytes.length}\npath: ${file}\nreleaseDate: '2026-11-20T10:00:00.000Z'\n`);
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(join(folder, `${file}.sig`), `${sign(null, bytes, privateKey).toString('base64')}\n`);
  return folder;
}

/** A start asks who is selling: the cashier signs in (through the bridge; the sign-in screen is another test's). */
async function start(cashierId: number | null, env?: Record<string, string>): Promise<AppProcess> {
  const app = await startApp({ dataDir, ...(env ? { env } : {}) });
  apps.push(app);
  if (cashierId !== null) await callCore(app, 'people.signIn', { personId: cashierId, pin: CASHIER.pin });
  return app;
}

const refusedLink = (page: Page) => statusBar(page).getByRole('button', { name: 'Actualización 9.9.9 rechazada' });
const updatesSection = (page: Page) => page.getByRole('region', { name: 'Actualizaciones' });

test('a wrongly signed update is refused and shown in Spanish across a restart until the owner dismisses it (stand-in updater reading a local update folder)', async ({ page }) => {
  dataDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-'));
  let app = await start(null, { MOSTRADOR_UPDATE_FOLDER: foreignSignedUpdateFolder() });
  // The first person is an owner; the cashier then signs in and is the one at the till.
  await callCore(app, 'people.save', { person: { name: OWNER.name, role: 'owner', pin: OWNER.pin } });
  const cashier = await callCore(app, 'people.save', { person: { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin } });
  await expect.poll(async () => (await callCore(app, 'sync.status', {})).updateRefusal?.reason).toBe('wrong signature');
  expect(app.output()).toMatch(/update 9\.9\.9 refused: its signature does not match/);

  // Restarted without the folder: nothing checks again, and the notice is still there (it lives in the data file).
  await app.stop();
  apps.splice(0);
  app = await start(cashier.id);
  await openTill(page, app);
  await expect(refusedLink(page)).toBeVisible();

  await refusedLink(page).click();
  const section = updatesSection(page);
  await expect(section.getByRole('alert')).toContainText('Actualización rechazada: la firma no corresponde al archivo ni a la clave de Mostrador (el archivo fue modificado o lo firmó otro).');
  await expect(section.getByRole('alert')).toContainText(/Versión 9\.9\.9, rechazada el \d{1,2}\/\d{1,2}\/\d{4}/);
  await expect(section.getByRole('alert')).toContainText('No se instaló nada');
  await expect(section).toBeFocused();
  await expectSpanishScreen(page);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await expect(refusedLink(page)).toBeVisible();
    expect(await sidewaysOverflow(page), `${size.width}×${size.height}`).toEqual([]);
    await saveScreen(page, `update-refused-${size.width}x${size.height}`);
  }

  // The cashier cannot hide it alone: the owner's PIN, as for any Settings change.
  await section.getByRole('button', { name: 'Descartar aviso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Se necesita el PIN del dueño' });
  await dialog.getByLabel('PIN del dueño').fill(OWNER.pin);
  await dialog.getByRole('button', { name: 'Autorizar' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('status')).toHaveText('Aviso descartado.');
  await expect(refusedLink(page)).toHaveCount(0);

  await app.stop();
  apps.splice(0);
  app = await start(cashier.id);
  await openTill(page, app);
  await expect(statusBar(page)).toBeVisible();
  await expect(refusedLink(page)).toHaveCount(0);
  expect((await callCore(app, 'sync.status', {})).updateRefusal).toBeNull();
});
