/**
 * Issue 26 on the back-office PC (the shop server started with `--back-office`, its own process, embedded PGlite):
 * - «Reimprimir copia» works with the seller's data a paired till sent: saved at the till (Ajustes), it reaches the
 *   server by itself, and a later change there reaches the next COPIA (window.print stubbed in the page: the real
 *   dialog would block it).
 * - The page across a server restart: it notices at once, says since when, and shows no figures meanwhile; when the
 *   server is back (same address: the key is kept in the data folder) it asks for the PIN again, and the figures come
 *   back; a reload after it asks for the PIN, not the address. A new key (the file replaced) refuses the
 *   old one and asks for the address; pasting it (a fragment change, no F5) is enough.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { hashPin } from '../../common/pin-hash';
import { consumidorFinal } from '../../shared/customer';
import { shopDateOf, shopDayWindow } from '../../shared/shop/shop-day';
import { counts, daySales } from '../integration/server/back-office-samples';
import { freePort, startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { ShopTill } from '../support/shop-till';
import { type AppProcess, disposeApp, startApp, until } from './app-process';
import { callCore } from './core-bridge';
import { sidewaysOverflow } from './screen-geometry';
import { expectSpanishScreen } from './spanish-check';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWNER_PIN = '5173';
const OWNER = 'a1'.repeat(16);
const FAST_PIN_COST = { N: 1024, r: 8, p: 1 };
const CUSTOMER = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
const COFFEE = { code: 'CAF-500', name: 'Café molido tradicional 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] };
const seller = (name: string) => ({ name, nit: '900123456', dv: '8', address: 'Calle 1 # 2-3', phone: '6011234567', email: '', municipalityCode: '11001', resolutionText: '' });

let server: ShopServerProcess | null = null;
const apps: AppProcess[] = [];
test.afterEach(async () => {
  for (const app of apps.splice(0)) await disposeApp(app);
  await server?.dispose();
  server = null;
});

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(join(ROOT, 'test-results', 'screenshots'), { recursive: true });
  for (const size of [{ width: 1366, height: 768 }, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', `${name}-${size.width}x${size.height}.png`), scale: 'css' });
    expect.soft(await sidewaysOverflow(page), `${name} ${size.width}: sideways overflow`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function signIn(page: Page, name: string): Promise<void> {
  await page.getByLabel('¿Quién abre la tienda?').selectOption({ label: name });
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

test('the back-office PC reprints a COPIA with the seller\'s data a till sent, and with its change', async ({ page }) => {
  test.setTimeout(300_000);
  server = await startShopServerProcess({ backOffice: true, tls: true });
  const s = server;
  // A fresh till: the owner set up there, the shop seeded from it (no seller saved yet), then the seller saved at the till.
  const till = await startApp();
  apps.push(till);
  await callCore(till, 'people.save', { person: { name: 'Marta', role: 'owner', pin: OWNER_PIN } });
  await callCore(till, 'shopServer.pair', { address: s.address, code: String((await s.admin('POST', '/admin/pairing')).body.code), seedShop: true });
  const marta = (await callCore(till, 'people.session', {})).people.find((p) => p.name === 'Marta')!;
  await callCore(till, 'people.signIn', { personId: marta.id, pin: OWNER_PIN });
  await callCore(till, 'settings.save', { seller: seller('Tienda La Esquina SAS') });
  // With people set up a till sells inside a shift (issue 26).
  await callCore(till, 'shifts.open', { openingCash: 0 });
  await callCore(till, 'sales.charge', { customer: CUSTOMER, items: [COFFEE], payment: { form_code: '1', means_code: '10' } });
  await until('the sale validated and at the server', async () => {
    const status = await callCore(till, 'sync.status', {});
    return status.counts.waiting + status.counts.sending + status.counts.queued === 0 && status.shopServer?.salesWaiting === 0;
  });

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => { (window as unknown as { printed: number }).printed += 1; };
  });
  await page.goto(s.backOfficeUrl());
  await signIn(page, 'Marta');
  await page.getByRole('navigation', { name: 'Vistas de la tienda' }).getByRole('button', { name: 'Historial de todas las cajas' }).click();
  await page.getByTestId('owner-sales').getByRole('button').first().click();
  await expect(page.getByTestId('owner-reprint')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('owner-reprint').click();
  const paper = page.getByTestId('owner-copy-paper').getByTestId('receipt');
  await expect(paper).toBeVisible();
  await expect(page.getByText('no tiene los datos del vendedor')).toHaveCount(0);
  await expect(paper.getByTestId('receipt-copy')).toHaveText(/^COPIA · /);
  await expect(paper).toContainText('Tienda La Esquina SAS');
  await expect(paper.locator('img.receipt-qr')).toBeVisible();
  await expect.poll(() => printed(page)).toBe(1);
  await expectSpanishScreen(page, { screen: 'PC de la oficina · copia con el vendedor de la caja', soft: true });
  await shot(page, 'back-office-pc-copy-seller');

  // The owner changes the seller's name at the till: the next COPIA on the PC carries it.
  await callCore(till, 'settings.save', { seller: seller('Tienda La Esquina S.A.S.') });
  await page.getByRole('button', { name: 'Volver a la venta' }).click();
  await expect(async () => {
    await page.getByTestId('owner-reprint').click();
    await expect(page.getByTestId('owner-copy-paper').getByTestId('receipt')).toContainText('Tienda La Esquina S.A.S.', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
});

test('the back-office page across a server restart: says the server is away, shows no old figures, comes back without a new address', async ({ page }) => {
  test.setTimeout(300_000);
  // The back-office page on a fixed port, as the owner's default 4301 is: a restart comes back at the same address.
  server = await startShopServerProcess({ backOffice: true, backOfficePort: await freePort() });
  const s = server;
  const answer = await s.admin('POST', '/admin/records', { kind: 'person', data: { key: OWNER, name: 'Marta Gómez', role: 'owner', pinHash: await hashPin(OWNER_PIN, FAST_PIN_COST), active: true } });
  expect(answer.status).toBe(200);
  const till = new ShopTill(s.url);
  expect((await till.pair(String((await s.admin('POST', '/admin/pairing')).body.code), { name: 'Caja 1' })).status).toBe(200);
  const w = shopDayWindow(shopDateOf(Date.now()));
  const sales = daySales(w.from, Math.max(w.from + 3_600_000, Date.now() - 60_000), 5).filter((d) => d.tillIndex === 0);
  expect((await till.call('POST', '/v1/sales', { sales: sales.map((d) => d.sale) })).status).toBe(200);
  const counting = sales.filter((d) => counts(d.sale)).length;
  const address = s.backOfficeUrl();

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(address);
  await signIn(page, 'Marta Gómez');
  await expect(page.getByTestId('dash-today')).toContainText(`${counting} ventas`);

  // The server stops: the page says so at once and hides the figures (never the old ones as if current).
  await s.stop();
  const lost = page.getByTestId('owner-lost');
  await expect(lost).toContainText(/Sin conexión con el servidor de la tienda desde las \d\d:\d\d:\d\d/, { timeout: 15_000 });
  await expect(page.getByTestId('dash-today')).toHaveCount(0);
  await expect(page.getByTestId('dashboard')).toHaveCount(0);
  await expectSpanishScreen(page, { screen: 'PC de la oficina · servidor ausente', soft: true });
  await shot(page, 'back-office-pc-server-away');

  // Back (same data folder, same key): the same tab asks for the PIN again, and the figures come back.
  await s.start();
  expect(s.backOfficeUrl()).toBe(address);
  await expect(page.getByText('El servidor de la tienda volvió tras reiniciarse: escriba el PIN de nuevo.')).toBeVisible({ timeout: 30_000 });
  await expect(lost).toHaveCount(0);
  await signIn(page, 'Marta Gómez');
  await expect(page.getByTestId('dash-today')).toContainText(`${counting} ventas`);

  // A reload after a restart keeps the address too: the PIN is asked, never the address.
  await s.stop();
  await s.start();
  await page.reload();
  await expect(page.getByLabel('¿Quién abre la tienda?')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Esta página necesita la dirección completa')).toHaveCount(0);

  // A new key (its file replaced): the old one is refused and the address is asked for; pasting it is enough.
  await signIn(page, 'Marta Gómez');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await s.stop();
  rmSync(join(s.dataDir, 'back-office-key'));
  await s.start();
  const fresh = s.backOfficeUrl();
  expect(fresh).not.toBe(address);
  await expect(page.getByRole('alert')).toContainText('Esta página necesita la dirección completa', { timeout: 30_000 });
  await page.evaluate((hash) => { window.location.hash = hash; }, new URL(fresh).hash);
  await expect(page.getByLabel('¿Quién abre la tienda?')).toBeVisible({ timeout: 15_000 });
  await signIn(page, 'Marta Gómez');
  await expect(page.getByTestId('dash-today')).toContainText(`${counting} ventas`);
});
