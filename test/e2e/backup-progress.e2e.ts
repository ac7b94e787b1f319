/**
 * Issue 29, a backup shows its progress: a till whose data file holds a large catalog (120 000 products, tens of MB)
 * copies itself to "a USB drive" (encrypted: copying, checking, encrypting, verifying) from Settings → Copias de
 * seguridad. The bar is seen with a value (role=progressbar, aria-valuenow of aria-valuemax, "… de … MB") and
 * the copy finishes; a second copy is cancelled from the bar: the screen says so, and the folder holds only the first
 * copy. Screenshots at 1366×768 and 1024×768 (docs/screenshots/backup-progress-1366x768.png).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { openStore } from '../../electron/core/store';
import { DATA_FILE } from '../../electron/compose';
import { startApp, type AppProcess, disposeApp } from './app-process';
import { callCore } from './core-bridge';
import { openTill, saveScreen } from './counter';
import { expectSpanishScreen } from './spanish-check';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSPHRASE = 'la tienda de doña Rosa 1981';
const PRODUCTS = 120_000;
const apps: AppProcess[] = [];
const folders: string[] = [];

test.afterEach(async () => {
  for (const app of apps.splice(0)) await disposeApp(app);
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function seedCatalog(dataDir: string): void {
  const store = openStore({ path: join(dataDir, DATA_FILE) });
  try {
    store.upsertProducts(Array.from({ length: PRODUCTS }, (_, i) => ({
      code: `P-${String(i).padStart(6, '0')}`, name: `Producto de prueba ${i} con un nombre de catálogo largo`, barcode: String(7700000000000 + i),
      price: String(1000 + (i % 5000)), unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0',
    })));
  } finally {
    store.close();
  }
}

const backupSection = (page: Page) => page.getByRole('region', { name: 'Copias de seguridad' });

test('a copy to a USB drive shows its bar with a value and finishes; a second one is cancelled from the bar', async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-progress-'));
  const usb = mkdtempSync(join(tmpdir(), 'mostrador-e2e-usb-'));
  folders.push(dataDir, usb);
  seedCatalog(dataDir);
  const app = await startApp({ dataDir });
  apps.push(app);
  await callCore(app, 'backup.configure', { folder: usb, passphrase: PASSPHRASE });

  await page.setViewportSize({ width: 1366, height: 768 });
  await openTill(page, app);
  await page.keyboard.press('F10');
  const section = backupSection(page);
  await section.getByRole('heading', { name: 'Copias de seguridad' }).scrollIntoViewIfNeeded();
  await expect(section.getByText('Todavía no se ha hecho ninguna copia.')).toBeVisible();

  await section.getByRole('button', { name: 'Hacer una copia ahora' }).click();
  const bar = section.getByRole('progressbar', { name: /^Copia de seguridad: / });
  await expect(bar).toBeVisible();
  // Seen while it runs with a value above 0 of a known total of megabytes, said in words too (what is done of what).
  await expect.poll(async () => {
    const [now, text] = await Promise.all([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuetext')]);
    return Number(now) > 0 && !/Terminado$/.test(text ?? '');
  }, { intervals: [20], timeout: 60_000 }).toBe(true);
  await saveScreen(page, 'backup-progress-1366x768', section);
  const max = Number(await bar.getAttribute('aria-valuemax'));
  expect(max).toBeGreaterThan(1_000_000);
  await expect(bar).toHaveAttribute('aria-valuetext', /^[\d\u00a0]+,\d de [\d\u00a0]+,\d MB/);
  await expect(section.getByText(/^Última copia buena: .+ \(0 ventas\)\.$/)).toBeVisible({ timeout: 120_000 });
  await expect(bar).toHaveAttribute('aria-valuetext', /Terminado$/);
  await expectSpanishScreen(page);
  expect(readdirSync(usb)).toHaveLength(1);
  const first = readdirSync(usb)[0]!;
  expect(first).toMatch(/\.sqlite\.enc$/);

  // A second copy, cancelled from its bar while it copies: the partial file goes, the first copy stays.
  await page.setViewportSize({ width: 1024, height: 768 });
  await section.getByRole('button', { name: 'Hacer una copia ahora' }).click();
  const cancel = section.getByRole('button', { name: 'Cancelar' });
  await cancel.click({ timeout: 30_000 });
  await expect(section.getByText('Copia cancelada: se borró el archivo a medias y las copias anteriores siguen intactas.')).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole('progressbar', { name: /^Copia de seguridad: / })).toHaveAttribute('aria-valuetext', /Cancelado$/);
  await saveScreen(page, 'backup-progress-cancelled-1024x768', section);
  // No failure is said: a cancel is the owner's choice.
  await expect(section.getByText(/^La última copia falló/)).toHaveCount(0);
  await expect.poll(() => readdirSync(usb)).toEqual([first]);
  await expectSpanishScreen(page);

  mkdirSync(join(ROOT, 'docs', 'screenshots'), { recursive: true });
  for (const file of ['backup-progress-1366x768.png', 'backup-progress-cancelled-1024x768.png']) {
    copyFileSync(join(ROOT, 'test-results', 'screenshots', file), join(ROOT, 'docs', 'screenshots', file));
  }
});
