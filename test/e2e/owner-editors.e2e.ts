/**
 * Issue 21's editors in Tienda: two browser-mode tills paired with the real shop server (its own process, PGlite,
 * TLS on loopback). From till 1 the owner adds a product in "Catálogo de la tienda" with the till's product form;
 * it reaches till 2's own catalog through the feed. While the owner edits it, someone saves it at the server: the
 * save is refused and the form shows the current version, saying so. "Turnos y Z por caja" lists till 1's closed
 * shift and shows its Z on the till's Z paper; *Imprimir copia del Z* puts it on till 1's receipt printer (a fake
 * network printer) marked COPIA. Screenshots at 1366×768 and 1024×768, no sideways overflow, axe clean.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { consumidorFinal } from '../../shared/customer';
import { DEFAULT_PRINTER_SETTINGS } from '../../shared/printer';
import { decodeEscPos } from '../support/escpos-decoder';
import { startFakePrinter, wholeJobs, type FakePrinter } from '../support/escpos-fake-printer';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { type AppProcess, disposeApp, until } from './app-process';
import { callCore } from './core-bridge';
import { startTwoPairedTills } from './shop-tills';
import { goToScreen, openTill } from './counter';
import { axeViolations } from './screen-check';
import { sidewaysOverflow } from './screen-geometry';


const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWNER_PIN = '4826';
const CUSTOMER = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
const WATER = { code: 'AGU-600', name: 'Agua sin gas 600 ml', quantity: 3, unit_measure: '94', price: 2000, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };
// 1093×614 is 1366×768 at 125 % (the CSS pixels a till scaled by its system sees).
const SIZES = [{ width: 1366, height: 768 }, { width: 1024, height: 768 }, { width: 1093, height: 614 }] as const;

let server: ShopServerProcess | null = null;
let printer: FakePrinter | null = null;
const apps: AppProcess[] = [];
test.afterEach(async () => {
  await printer?.close();
  printer = null;
  for (const app of apps.splice(0)) {
    await disposeApp(app);
  }
  await server?.dispose();
  server = null;
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    const file = `${name}-${size.width}x${size.height}`;
    mkdirSync(join(ROOT, 'test-results', 'screenshots'), { recursive: true });
    const path = join(ROOT, 'test-results', 'screenshots', `${file}.png`);
    await page.screenshot({ path, fullPage: false, scale: 'css' });
    copyFileSync(path, join(ROOT, 'docs', 'screenshots', `${file}.png`)); // the README shows them
    expect.soft(await sidewaysOverflow(page), `${file}: sideways overflow`).toEqual([]);
    expect.soft(await axeViolations(page), `${file}: axe-core WCAG 2.1 A/AA`).toEqual([]);
  }
  await page.setViewportSize(SIZES[0]);
}

test('the owner edits the catalog once for every till, is told of a stale version, and reads a till\'s Z', async ({ page }) => {
  test.setTimeout(300_000);
  server = await startShopServerProcess({ tls: true });
  // The owner is set up at till 1, which seeds the shop; till 2 pairs and gets the owner from the server.
  const [t1, t2] = await startTwoPairedTills(server, apps, OWNER_PIN);
  await callCore(t1, 'people.signIn', { personId: 1, pin: OWNER_PIN });
  const shift = await callCore(t1, 'shifts.open', { openingCash: 50000 });
  await callCore(t1, 'sales.charge', { customer: CUSTOMER, items: [WATER], payment: { form_code: '1', means_code: '10' } });
  await callCore(t1, 'shifts.close', { shiftId: shift.id, count: { bills: { '50000': 1, '5000': 1 }, coins: { '1000': 2 } }, confirmUnsent: true });
  await until('till 1\'s shift at the server', async () => (await callCore(t1, 'sync.status', {})).shopServer?.salesWaiting === 0);

  await openTill(page, t1);
  await page.setViewportSize(SIZES[0]);
  await goToScreen(page, 'Tienda');
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  const views = page.getByRole('navigation', { name: 'Vistas de la tienda' });

  // A new product with the till's own form, saved at the server; it reaches till 2's catalog by the feed.
  await views.getByRole('button', { name: 'Catálogo de la tienda' }).click();
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  await page.getByLabel('Código', { exact: true }).fill('PAN-BO-1');
  await page.getByLabel('Nombre', { exact: true }).fill('Pan aliñado de la casa');
  await page.getByLabel('Precio', { exact: true }).fill('5.000');
  await page.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByTestId('shop-products')).toContainText('Pan aliñado de la casa');
  // Listed as the till's own catalog lists it: the base the server keeps, and the shelf price it stands for.
  const row = page.getByTestId('shop-products').getByRole('row').filter({ hasText: 'Pan aliñado de la casa' });
  await expect(row).toContainText('4.201,68');
  await expect(row).toContainText(/Góndola \$\s?5\.000/);
  await until('the product in till 2\'s catalog', async () => (await callCore(t2, 'catalog.get', { code: 'PAN-BO-1' }))?.name === 'Pan aliñado de la casa', 60_000);
  expect((await callCore(t2, 'catalog.get', { code: 'PAN-BO-1' }))?.price).toBe('4201.68');

  // The owner opens it; meanwhile it is changed at the server. Saving shows the current version and says why.
  await page.getByTestId('shop-products').getByRole('button', { name: 'Editar: Pan aliñado de la casa' }).click();
  await expect(page.getByLabel('Precio', { exact: true })).toHaveValue('5.000');
  const changed = await server.admin('POST', '/admin/records', { kind: 'product', data: {
    code: 'PAN-BO-1', name: 'Pan aliñado grande', barcodes: [], unitMeasure: '94', price: 5042.02, tax: { code: '01', rate: 19 }, discountRate: 0, category: null, active: true,
  } });
  expect(changed.status).toBe(200);
  await page.getByLabel('Nombre', { exact: true }).fill('Pan aliñado pequeño');
  await page.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByTestId('shop-stale')).toHaveText('Otra persona cambió este producto mientras lo editaba; se muestra la versión actual.');
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Pan aliñado grande');
  await expect(page.getByLabel('Precio', { exact: true })).toHaveValue('6.000');
  await shoot(page, 'owner-catalog-editor');
  await page.getByRole('button', { name: 'Guardar producto' }).click(); // now from the current version: saved
  await expect(page.getByTestId('shop-stale')).toHaveCount(0);

  // Each till's shifts and Z: till 1's closed shift, its Z on the till's paper.
  await views.getByRole('button', { name: 'Turnos y Z por caja' }).click();
  const shifts = page.getByTestId('shop-shifts');
  await expect(shifts.getByRole('row')).toHaveCount(2);
  await shifts.getByRole('button', { name: new RegExp(`turno ${shift.id}$`) }).click();
  const z = page.getByTestId('shop-shift-z');
  await expect(z.getByTestId('shift-report')).toBeVisible();
  await expect(z.getByTestId('report-sales-count')).toHaveText('1');
  await expect(z.getByTestId('report-counted')).toContainText('57.000');
  await shoot(page, 'owner-shifts');

  // The Z on till 1's receipt printer: fetched again from the server by the core, marked COPIA.
  printer = await startFakePrinter();
  await callCore(t1, 'printer.save', { settings: { ...DEFAULT_PRINTER_SETTINGS, connection: { kind: 'network', host: '127.0.0.1', port: printer.port } } });
  await z.getByRole('button', { name: 'Imprimir copia del Z' }).click();
  await expect(page.getByText('Copia del informe Z enviada a la impresora de recibos.')).toBeVisible();
  await until('the Z copy on the printer', async () => wholeJobs(printer!).length === 1, 30_000);
  const paper = decodeEscPos(wholeJobs(printer)[0]!);
  expect(paper.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
  expect(paper.lines.join('\n')).toMatch(/Contado +\$ 57\.000,00/);
});
