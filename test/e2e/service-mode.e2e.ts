/**
 * Service mode: the till connected through Settings to "the shop's invoicing service" (the sandbox as its own
 * process, faults on, a database file and a fixed port). One story in order: connect (the secret goes to the real
 * keychain and nowhere else), sell while the service is down (the sale waits, then validates once, exactly once),
 * and a sale the service rejects (shown as needing attention with the service's own words).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { nitCheckDigit } from '../../shared/nit';
import { startApp, type AppProcess, disposeApp } from './app-process';
import { callCore, latestSale } from './core-bridge';
import { emptyCart, historyRow, openHistory, openLine, openTill, productSearch, receipt, saveScreen, scan, statusBar } from './counter';
import { startInvoicingService, type InvoicingService } from './invoicing-service';

type Keytar = typeof import('keytar');
const keytar = createRequire(import.meta.url)('keytar') as Keytar;

const SECRET = `e2e-secret-${randomBytes(16).toString('hex')}`;
const CLIENT_ID = 'fc_tienda_e2e';
const AZUCAR = { name: 'Azúcar refinada 1 kg', barcode: '7702001001026' };

test.describe.configure({ mode: 'serial' });

let serviceDir = '';
let service: InvoicingService | null = null;
let app: AppProcess | null = null;
let page: Page;

test.beforeAll(async ({ browser }) => {
  serviceDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-service-'));
  service = await startInvoicingService({ dir: serviceDir, clientId: CLIENT_ID, clientSecret: SECRET, validationDelayMs: 3_000 });
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

/** Every file of the data folder (the SQLite file, its WAL and shared memory, the demo service's file) and all output. */
function expectSecretNowhere(where: AppProcess): void {
  const files = readdirSync(where.dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['mostrador.sqlite', 'demo-service.sqlite']));
  for (const file of files) {
    const bytes = readFileSync(join(file.parentPath, file.name));
    expect(bytes.includes(SECRET), `${file.name} holds the secret`).toBe(false);
    expect(bytes.includes(Buffer.from(SECRET, 'utf16le')), `${file.name} holds the secret (UTF-16)`).toBe(false);
  }
  expect(where.output()).not.toContain(SECRET);
}

async function ringUpAndCharge(): Promise<string> {
  await page.keyboard.press('F2');
  await scan(page, AZUCAR.barcode);
  await expect(page.getByRole('rowheader', { name: new RegExp(AZUCAR.name) })).toBeVisible();
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  return (await latestSale(app as AppProcess)).referenceCode;
}

test('settings: the client secret goes into the real keychain, leaves the form, and is in no file, page or log', async () => {
  const current = app as AppProcess;
  const remote = service as InvoicingService;
  await page.keyboard.press('F10');
  await expect(page.getByRole('heading', { name: 'Conexión' })).toBeVisible();
  // Demo mode: the embedded service's current range is chosen automatically.
  await expect(page.getByText(/SETP 990000000/).first()).toBeVisible();
  await saveScreen(page, 'settings');

  await page.getByRole('radio', { name: 'Servicio real' }).check();
  await page.getByLabel('URL base del servicio').fill(remote.baseUrl);
  await page.getByLabel('Identificador de cliente').fill(CLIENT_ID);
  await page.getByLabel('Clave secreta').fill(SECRET);
  await page.getByRole('button', { name: 'Guardar conexión' }).click();

  await expect(page.getByText('Conexión guardada.')).toBeVisible();
  await expect(page.getByText(`Conectado a ${remote.baseUrl} como ${CLIENT_ID} · secreto guardado en el llavero`)).toBeVisible();
  await expect(page.getByLabel('Clave secreta')).toHaveValue('');
  await expect(statusBar(page).getByText('DEMO', { exact: true })).toHaveCount(0);

  // In gnome-keyring under the app's entry name, and nowhere the renderer can see it.
  const stored = await keytar.findCredentials(current.keychainService);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.password).toBe(SECRET);
  expect(await page.content()).not.toContain(SECRET);
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toContain(SECRET);
  expect(JSON.stringify(await callCore(current, 'settings.get', {}))).not.toContain(SECRET);

  // Never shown again, not even after a reload.
  await page.reload();
  await expect(productSearch(page)).toBeVisible();
  await page.keyboard.press('F10');
  await expect(page.getByText(`Conectado a ${remote.baseUrl} como ${CLIENT_ID}`)).toBeVisible();
  await expect(page.getByLabel('Clave secreta')).toHaveValue('');
  expect(await page.content()).not.toContain(SECRET);

  // A real service starts without the demo shop's details, at once (no reload), and Settings says what is missing.
  const seller = page.getByRole('form', { name: 'Datos del vendedor' });
  const setup = page.getByRole('region', { name: 'Faltan datos para facturar' });
  await page.getByRole('radio', { name: 'Demostración (en este equipo)' }).check();
  await page.getByRole('button', { name: 'Usar demostración' }).click();
  await expect(statusBar(page).getByText('DEMO', { exact: true })).toBeVisible();
  await expect(seller.getByLabel('Razón social')).not.toHaveValue('');
  await page.getByRole('radio', { name: 'Servicio real' }).check();
  await page.getByLabel('Clave secreta').fill(SECRET);
  await page.getByRole('button', { name: 'Guardar conexión' }).click();
  await expect(page.getByText(`Conectado a ${remote.baseUrl} como ${CLIENT_ID} · secreto guardado en el llavero`)).toBeVisible();
  await expect(page.getByLabel('Clave secreta')).toHaveValue('');
  await expect(seller.getByLabel('Razón social')).toHaveValue('');
  await expect(seller.getByLabel('NIT')).toHaveValue('');
  await expect(page.getByLabel('Correo por defecto')).toHaveValue('');
  await expect(setup).toContainText('Complete los datos del vendedor');
  await expect(setup).toContainText('Escriba el correo por defecto');
  await page.getByRole('heading', { name: 'Conexión' }).scrollIntoViewIfNeeded();
  await saveScreen(page, 'settings-setup-notice');

  // Cobrar for consumidor final without a default e-mail: a Spanish message saying where, the focus there, the cart kept.
  await page.keyboard.press('F2');
  await scan(page, AZUCAR.barcode);
  await expect(page.getByRole('rowheader', { name: new RegExp(AZUCAR.name) })).toBeVisible();
  await page.keyboard.press('F12');
  await expect(page.getByRole('alert').filter({ hasText: 'Ajustes → Esta caja → Correo por defecto' })).toBeVisible();
  await expect(page.getByLabel('Correo por defecto')).toBeFocused();
  await expect(page.getByText(/Some data is not valid|must not be empty/)).toHaveCount(0);
  await saveScreen(page, 'charge-needs-email');
  await page.keyboard.press('F2');
  await expect(page.getByRole('rowheader', { name: new RegExp(AZUCAR.name) })).toBeVisible(); // the cart is still there
  await openLine(page, AZUCAR.name);
  await page.getByRole('button', { name: `Quitar: ${AZUCAR.name}` }).click();
  await expect(emptyCart(page)).toBeVisible();
  await page.keyboard.press('F10');

  // The shop enters its own details (the receipt prints them, and the consumidor final takes the seller's e-mail and
  // municipality until the till has its own defaults).
  await seller.getByLabel('Razón social').fill('Tienda La Esquina S.A.S.');
  await seller.getByLabel('NIT').fill('900123456');
  await seller.getByLabel('DV').fill(nitCheckDigit('900123456'));
  await seller.getByLabel('Dirección').fill('Calle 10 # 5-20');
  await seller.getByLabel('Teléfono').fill('6045550100');
  await seller.getByLabel('Correo electrónico').fill('facturas@laesquina.example.co');
  await seller.getByLabel('Municipio (nombre o código DIVIPOLA)').fill('05001');
  await seller.getByLabel(/Texto de la resolución/).fill('Resolución DIAN 18760000001 de 2024-01-01, prefijo SETP, del 990000000 al 995000000.');
  await seller.getByRole('button', { name: 'Guardar datos del vendedor' }).click();
  await expect(page.getByText('Ajustes guardados.')).toBeVisible();
  await expect(page.getByLabel('Correo por defecto')).toHaveValue('facturas@laesquina.example.co');
  // A real service's receipts print the DIAN numbering authorisation: until it is written, the notice asks for it.
  await expect(setup).toContainText('Escriba la autorización de numeración DIAN');
  const authorization = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Autorización de numeración DIAN' }) });
  await authorization.getByLabel('Número de la resolución').fill('18760000001');
  await authorization.getByLabel('Fecha de la resolución').fill('2024-01-01');
  await authorization.getByLabel('Prefijo').fill('SETP');
  await authorization.getByLabel('Desde el número').fill('990000000');
  await authorization.getByLabel('Hasta el número').fill('995000000');
  await authorization.getByLabel('Vigente desde').fill('2024-01-01');
  await authorization.getByLabel('Vigente hasta').fill('2099-12-31');
  await authorization.getByRole('button', { name: 'Guardar autorización' }).click();
  await expect(setup).toHaveCount(0);
  await saveScreen(page, 'settings-service');

  expectSecretNowhere(current);
});

test('offline: a sale made while the service is down waits, then validates once the service is back, as exactly one document', async () => {
  const current = app as AppProcess;
  const remote = service as InvoicingService;
  await remote.stop();

  const reference = await ringUpAndCharge();
  await expect(statusBar(page).getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible({ timeout: 30_000 });
  await expect(statusBar(page)).toContainText('1 venta pendiente');
  // The core's error in the cashier's words; the technical message stays one click away.
  await expect(statusBar(page).getByRole('alert')).toContainText('Último error: Sin conexión con el servicio de facturación');
  await statusBar(page).getByText('Detalle técnico').click();
  await expect(statusBar(page).getByRole('group')).toContainText(/\S/); // the core's technical message, as it said it
  await saveScreen(page, 'status-offline');

  await openHistory(page);
  await expect(historyRow(page, reference)).toContainText('En cola');
  // Nothing fiscal while the sale waits: its receipt is the provisional slip.
  await historyRow(page, reference).getByRole('button', { name: `Ver detalle de la venta ${reference}` }).click();
  await page.getByRole('button', { name: 'Ver comprobante' }).click();
  await expect(receipt(page).getByRole('note')).toHaveText('COMPROBANTE PROVISIONAL — NO ES UNA FACTURA ELECTRÓNICA');
  await expect(receipt(page).getByRole('heading', { level: 1 })).toHaveText('Comprobante provisional — no es una factura electrónica');
  await page.keyboard.press('Escape');

  await remote.start(); // same port, same database file
  await expect(historyRow(page, reference)).toContainText('Validada', { timeout: 45_000 });
  await expect(statusBar(page).getByRole('status').filter({ hasText: 'En línea' })).toBeVisible();
  await expect(statusBar(page).getByText('Último error')).toHaveCount(0); // sending works again: the error is gone
  const documents = await remote.documentsFor(reference);
  expect(documents).toHaveLength(1);
  expect(documents[0]?.status).toBe('VALIDATED');
  expectSecretNowhere(current);
});

test('rejected: a sale the service rejects shows as needing attention with the service\'s message', async () => {
  const current = app as AppProcess;
  const remote = service as InvoicingService;
  await page.keyboard.press('Escape');
  const reference = await ringUpAndCharge();
  // The service decides 3 s after the invoice arrives; the rejection rule is in place well before that.
  await remote.faults({ reject_references: [reference] });

  await openHistory(page);
  const row = historyRow(page, reference);
  await expect(row).toContainText('Requiere atención', { timeout: 30_000 });
  await expect(statusBar(page).getByRole('button', { name: '1 venta requiere atención' })).toBeVisible();
  await row.getByRole('button', { name: `Ver detalle de la venta ${reference}` }).click();

  const [document] = await remote.documentsFor(reference);
  expect(document?.status).toBe('REJECTED');
  const message = document?.errors[0] ?? '';
  expect(message).not.toBe('');
  // The detail is headed by the short sale number ("Venta Caja 1 · 000002"); the long reference is in it.
  const detail = page.getByRole('region', { name: /^Venta Caja 1 · \d{6}$/ });
  await expect(detail).toContainText(reference);
  const box = detail.getByRole('alert');
  await expect(box).toContainText('Respuesta del servicio:');
  await expect(box).toContainText(message);
  await expect(page.getByRole('button', { name: 'Reintentar envío' })).toBeVisible();
  await saveScreen(page, 'needs-attention');
  expect((await latestSale(current)).state).toBe('needs_attention');
  expectSecretNowhere(current);
});

test('corrected: the owner corrects the rejected sale\'s customer; it is validated under a new linked reference, and the first reference keeps its one rejected document', async () => {
  const current = app as AppProcess;
  const remote = service as InvoicingService;
  const first = await latestSale(current);
  expect(first.state).toBe('needs_attention');
  const panel = page.getByRole('region', { name: 'Corrección' });
  // Why, in plain Spanish and in the service's own words.
  const why = panel.getByRole('note', { name: 'Por qué' });
  await expect(why).toContainText('la DIAN la rechazó');
  await expect(why).toContainText('FAD06');

  await panel.getByRole('button', { name: 'Corregir cliente' }).click();
  await panel.getByLabel('Motivo (queda registrado)').fill('La factura va a nombre de la empresa');
  await panel.getByLabel('Tipo de identificación').selectOption('31');
  await panel.getByLabel('Número de identificación').fill('900373115');
  await panel.getByLabel('DV').fill(nitCheckDigit('900373115'));
  await panel.getByLabel('Nombre o razón social').fill('Cliente Correcto S.A.S.');
  await panel.getByLabel('Tipo de persona').selectOption('1');
  await panel.getByLabel('Régimen').selectOption('48');
  await panel.getByRole('button', { name: 'Corregir y enviar' }).click();
  await expect(page.getByText(/Venta corregida: se envía como la venta Caja 1\s·\s\d{6}, referencia nueva/)).toBeVisible();

  // The correction is followed from the first sale: validated, under its own reference.
  await expect(panel).toContainText(/Corregida por la venta Caja 1\s·\s\d{6} · \S+ · Validada/, { timeout: 45_000 });
  await expect(panel).toContainText('Esta venta se corrigió con una factura nueva');
  await expect(panel.getByRole('listitem')).toContainText('Corrección (referencia nueva)');
  await expect(panel.getByRole('listitem')).toContainText('La factura va a nombre de la empresa');
  await expect(panel.getByRole('button', { name: 'Corregir cliente' })).toHaveCount(0);
  await saveScreen(page, 'corrected');

  const { correctedBy } = await callCore(current, 'corrections.get', { saleId: first.id });
  expect(correctedBy?.referenceCode).toBeTruthy();
  const corrected = await callCore(current, 'sales.get', { id: correctedBy?.id ?? 0 });
  expect(corrected?.customer).toMatchObject({ identification: '900373115', name: 'Cliente Correcto S.A.S.' });
  expect((await remote.documentsFor(first.referenceCode)).map((d) => d.status)).toEqual(['REJECTED']);
  expect((await remote.documentsFor(correctedBy?.referenceCode ?? '')).map((d) => d.status)).toEqual(['VALIDATED']);
  await expect(statusBar(page).getByRole('button', { name: /requiere atención/ })).toHaveCount(0);
  expectSecretNowhere(current);
});
