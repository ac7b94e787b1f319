/**
 * Settings → Connection checks an address before saving it: one that is not https is refused in Spanish by its
 * field; a service that cannot be reached is said so and may be saved anyway, after which the status bar says the
 * till is waiting for it, and a sale charged meanwhile is kept and sent once the service is up (exactly one
 * document). The shop's service is the sandbox as its own process (stopped, then started on the same port).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { startApp, type AppProcess, disposeApp } from './app-process';
import { latestSale } from './core-bridge';
import { emptyCart, historyRow, openHistory, openTill, saveScreen, scan, statusBar } from './counter';
import { startInvoicingService, type InvoicingService } from './invoicing-service';


const SECRET = `e2e-secret-${randomBytes(16).toString('hex')}`;
const CLIENT_ID = 'fc_tienda_espera';
const AZUCAR = { name: 'Azúcar refinada 1 kg', barcode: '7702001001026' };

test.describe.configure({ mode: 'serial' });

let serviceDir = '';
let service: InvoicingService | null = null;
let app: AppProcess | null = null;
let page: Page;

test.beforeAll(async ({ browser }) => {
  serviceDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-wait-'));
  service = await startInvoicingService({ dir: serviceDir, clientId: CLIENT_ID, clientSecret: SECRET, validationDelayMs: 500 });
  await service.stop(); // down from the start: its address is known, nothing answers there
  app = await startApp();
  page = await browser.newPage();
  await openTill(page, app);
});

test.afterAll(async () => {
  await page?.close();
  if (app) await disposeApp(app);
  await service?.stop();
  if (serviceDir) rmSync(serviceDir, { recursive: true, force: true });
});

test('an address that is not https is refused in Spanish, by its field', async () => {
  await page.keyboard.press('F10');
  await page.getByRole('radio', { name: 'Servicio real' }).check();
  await page.getByLabel('URL base del servicio').fill('http://example.com');
  await page.getByLabel('Identificador de cliente').fill(CLIENT_ID);
  await page.getByLabel('Clave secreta').fill(SECRET);
  await page.getByRole('button', { name: 'Guardar conexión' }).click();
  const url = page.getByLabel('URL base del servicio');
  await expect(url).toHaveAccessibleDescription(/Debe empezar por https:\/\/ \(http:\/\/ solo para este equipo/);
  await expect(page.getByText(/must start with|Some data/)).toHaveCount(0);
  await expect(statusBar(page).getByText('DEMO', { exact: true })).toBeVisible(); // nothing changed
});

test('an unreachable service is said so; saved anyway, the till waits for it and a sale is sent once it is up', async () => {
  const remote = service as InvoicingService;
  await page.getByLabel('URL base del servicio').fill(remote.baseUrl);
  await page.getByLabel('Clave secreta').fill(SECRET);
  await page.getByRole('button', { name: 'Guardar conexión' }).click();
  await expect(page.getByLabel('URL base del servicio')).toHaveAccessibleDescription(/no se pudo contactar/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Guardar de todos modos (las ventas esperan)' }).click();
  await expect(page.getByText(`Conectado a ${remote.baseUrl} como ${CLIENT_ID}`)).toBeVisible();
  await expect(statusBar(page).getByText('DEMO', { exact: true })).toHaveCount(0);
  await expect(statusBar(page).getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible({ timeout: 30_000 });
  await expect(statusBar(page).getByRole('alert')).toContainText('Esperando la conexión con el servicio de facturación');
  await saveScreen(page, 'status-waiting-for-service', statusBar(page));

  // A real service starts without the demo's defaults: this till's e-mail for consumidor final.
  await page.getByLabel('Correo por defecto').fill('caja@laesquina.example.co');
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(page.getByText('Ajustes guardados.')).toBeVisible();

  await page.keyboard.press('F2');
  await scan(page, AZUCAR.barcode);
  await expect(page.getByRole('rowheader', { name: new RegExp(AZUCAR.name) })).toBeVisible();
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  const { referenceCode } = await latestSale(app as AppProcess);
  await expect(statusBar(page)).toContainText('1 venta pendiente');

  await remote.start(); // same port: the service is up now
  await openHistory(page);
  await expect(historyRow(page, referenceCode)).toContainText('Validada', { timeout: 60_000 });
  await expect(statusBar(page).getByRole('status').filter({ hasText: 'En línea' })).toBeVisible();
  expect(await remote.documentsFor(referenceCode)).toHaveLength(1);
});
