/**
 * Issue 25, "nothing dropped in silence", on the screens: a browser-mode till paired with the real shop server
 * (`npm run server`, embedded PGlite) holds a sale made to break the contract (its cashier's name written past the
 * contract's length straight into the till's SQLite file, as a damaged row would be). The till sets it aside: its
 * status bar says «1 venta no se puede enviar al servidor», Settings → Servidor de la tienda lists it with its reason,
 * and Tienda's day report names the till as incomplete, on screen and on the paper. The other sales reach the server.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { test, expect } from '@playwright/test';
import { consumidorFinal } from '../../shared/customer';
import { DATA_FILE } from '../../electron/compose';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { type AppProcess, disposeApp, startApp, until } from './app-process';
import { callCore } from './core-bridge';
import { goToScreen, openTill } from './counter';
import { sidewaysOverflow } from './screen-geometry';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWNER_PIN = '4826';
const CUSTOMER = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
const CASH = { form_code: '1', means_code: '10' };
const WATER = { code: 'AGU-600', name: 'Agua sin gas 600 ml', quantity: 2, unit_measure: '94', price: 2000, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };

let server: ShopServerProcess | null = null;
let app: AppProcess | null = null;
test.afterEach(async () => {
  if (app) await disposeApp(app);
  app = null;
  await server?.dispose();
  server = null;
});

test('a sale the server cannot take is said at the till and in Tienda\'s day report, not only in a log', async ({ page }) => {
  test.setTimeout(240_000);
  server = await startShopServerProcess();
  app = await startApp();
  const till = app;
  await callCore(till, 'people.save', { person: { name: 'Marta', role: 'owner', pin: OWNER_PIN } });
  const code = String((await server.admin('POST', '/admin/pairing')).body.code);
  await callCore(till, 'shopServer.pair', { address: `http://${server.address}`, code, seedShop: true });
  const marta = (await callCore(till, 'people.session', {})).people.find((p) => p.name === 'Marta')!;
  await callCore(till, 'people.signIn', { personId: marta.id, pin: OWNER_PIN });
  // With people set up a till sells inside a shift (issue 26).
  await callCore(till, 'shifts.open', { openingCash: 0 });

  const first = await callCore(till, 'sales.charge', { customer: CUSTOMER, items: [WATER], payment: CASH });
  await until('the first sale is at the server', async () => (await callCore(till, 'sync.status', {})).shopServer?.salesWaiting === 0, 60_000);

  // A damaged row: the cashier's name far past what the contract takes (the till's own screens never write one).
  const file = new Database(join(till.dataDir, DATA_FILE));
  try {
    file.prepare('UPDATE sales SET cashier_name = ? WHERE reference_code = ?').run('M'.repeat(400), first.referenceCode);
  } finally {
    file.close();
  }
  // The next charge kicks the push loop: the good sale goes, the damaged one is set aside.
  await callCore(till, 'sales.charge', { customer: CUSTOMER, items: [WATER], payment: CASH });
  await until('the damaged sale is set aside and the other sent', async () => {
    const line = (await callCore(till, 'sync.status', {})).shopServer;
    return line?.salesUnsendable === 1 && line.salesWaiting === 0;
  }, 60_000);

  await openTill(page, till);
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByRole('status').filter({ hasText: 'Servidor de la tienda' })).toContainText('1 venta no se puede enviar al servidor');

  await goToScreen(page, 'Ajustes');
  const aside = page.getByTestId('shop-unsendable');
  await expect(aside).toContainText('Venta que no se puede enviar al servidor (1)');
  await expect(aside).toContainText('no cumple el formato del servidor');
  await expect(aside).toContainText('campo cashierName');
  await aside.scrollIntoViewIfNeeded();
  mkdirSync(join(ROOT, 'test-results', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'till-unsendable-settings-1366x768.png'), scale: 'css' });

  await goToScreen(page, 'Tienda');
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  await page.getByRole('navigation', { name: 'Vistas de la tienda' }).getByRole('button', { name: 'Informe del día' }).click();
  await expect(page.getByTestId('day-incomplete')).toContainText('(1 venta no se puede enviar al servidor)', { timeout: 30_000 });
  await expect(page.getByTestId('day-till-1-unsendable')).toBeAttached();
  for (const size of [{ width: 1366, height: 768 }, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', `owner-day-unsendable-${size.width}x${size.height}.png`), scale: 'css' });
    expect.soft(await sidewaysOverflow(page)).toEqual([]);
  }
});
