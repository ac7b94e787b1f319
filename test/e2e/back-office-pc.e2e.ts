/**
 * Issue 21's back-office PC: the shop server started with `--back-office` (its own process, embedded PGlite) serves
 * the owner's view to its own machine, with no till. Two tills (signed requests, as a till pushes) send their day;
 * the page at the printed address (the key in its fragment) opens on Tienda with no counter and no status bar; the
 * owner chooses themself, a wrong PIN is refused, the right one shows the dashboard of both tills, which follows a
 * new push by itself; the day report and History across tills answer. Screenshots at 1366×768 (also at the other
 * sizes: no sideways overflow, axe-core clean).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { hashPin } from '../../common/pin-hash';
import { sumAmounts } from '../../shared/money';
import { shopDateOf, shopDayWindow } from '../../shared/shop/shop-day';
import { counts, daySales, oneSale } from '../integration/server/back-office-samples';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { ShopTill } from '../support/shop-till';
import { axeViolations } from './screen-check';
import { sidewaysOverflow } from './screen-geometry';
import { expectSpanishScreen } from './spanish-check';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWNER_PIN = '5173';
const OWNER = 'a1'.repeat(16);
const SECOND_OWNER = 'b2'.repeat(16);
const CASHIER = 'c3'.repeat(16);
const FAST_PIN_COST = { N: 1024, r: 8, p: 1 };

let server: ShopServerProcess | null = null;
test.afterEach(async () => {
  await server?.dispose();
  server = null;
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of [{ width: 1366, height: 768 }, { width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300); // the charts follow their box's new width on the next frame
    const file = `${name}-${size.width}x${size.height}`;
    mkdirSync(join(ROOT, 'test-results', 'screenshots'), { recursive: true });
    const path = join(ROOT, 'test-results', 'screenshots', `${file}.png`);
    await page.screenshot({ path, scale: 'css' });
    if (size.width === 1366) copyFileSync(path, join(ROOT, 'docs', 'screenshots', `${file}.png`));
    expect.soft(await sidewaysOverflow(page), `${file}: sideways overflow`).toEqual([]);
    expect.soft(await axeViolations(page), `${file}: axe-core WCAG 2.1 A/AA`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('the back-office PC: the owner chooses themself, types the PIN and sees every till with no till of their own', async ({ page }) => {
  test.setTimeout(240_000);
  server = await startShopServerProcess({ backOffice: true });
  const s = server;
  const person = async (key: string, name: string, role: 'owner' | 'cashier', pin: string) => {
    const answer = await s.admin('POST', '/admin/records', { kind: 'person', data: { key, name, role, pinHash: await hashPin(pin, FAST_PIN_COST), active: true } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  await person(OWNER, 'Marta Gómez', 'owner', OWNER_PIN);
  await person(SECOND_OWNER, 'Julián Ríos', 'owner', '9182');
  await person(CASHIER, 'Rosa', 'cashier', '1357');

  // Two tills pair and push their day, signed as tills sign.
  const tills: ShopTill[] = [];
  for (const name of ['Caja 1', 'Caja 2']) {
    const { body } = await s.admin('POST', '/admin/pairing');
    const till = new ShopTill(s.url);
    expect((await till.pair(body.code, { name })).status).toBe(200);
    tills.push(till);
  }
  const date = shopDateOf(Date.now());
  const w = shopDayWindow(date);
  // Only sales before now: the dashboard is "today so far".
  const sales = daySales(w.from, Math.max(w.from + 3_600_000, Date.now() - 60_000), 9).filter((d) => d.tillIndex < 2);
  for (const [i, till] of tills.entries()) {
    const answer = await till.call('POST', '/v1/sales', { sales: sales.filter((d) => d.tillIndex === i).map((d) => d.sale) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const counting = sales.map((d) => d.sale).filter(counts);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(s.backOfficeUrl());
  // Straight on Tienda: no counter, no top bar, no invoicing service's status bar.
  await expect(page.getByRole('heading', { name: 'Tienda', level: 1 })).toBeVisible();
  await expect(page.locator('.top-bar')).toHaveCount(0);
  await expect(page.locator('.status-bar')).toHaveCount(0);
  await expect(page.locator('.sale-screen')).toHaveCount(0);
  // The key left the address bar (as in a till's browser mode).
  expect(new URL(page.url()).hash).toBe('');
  const who = page.getByLabel('¿Quién abre la tienda?');
  await expect(who.getByRole('option')).toHaveText(['Elija su nombre', 'Julián Ríos', 'Marta Gómez']); // owners only
  await expectSpanishScreen(page, { screen: 'PC de la oficina · entrada', soft: true });
  await shoot(page, 'back-office-pc-sign-in');

  // Nobody chosen: said plainly. The other owner's name with Marta's PIN: refused.
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  await expect(page.getByRole('alert')).toHaveText('Elija primero su nombre.');
  await who.selectOption({ label: 'Julián Ríos' });
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  await expect(page.getByRole('alert')).toHaveText('El servidor de la tienda no aceptó esa clave de dueño.');
  await expect(page.getByTestId('dashboard')).toHaveCount(0);

  await who.selectOption({ label: 'Marta Gómez' });
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByText('Abierta por Marta Gómez')).toBeVisible();
  await expect(page.getByTestId('dash-today')).toContainText(`${counting.length} ventas`);
  await expect(page.getByTestId('dash-by-till').getByRole('rowheader')).toHaveText(['Caja 1', 'Caja 2']);
  await expect(page.locator('.bar-chart canvas').first()).toBeVisible();
  await expectSpanishScreen(page, { screen: 'PC de la oficina · Panel', soft: true });
  await shoot(page, 'back-office-pc-dashboard');

  // A till pushes one more sale: the dashboard follows by itself.
  expect((await tills[1]!.call('POST', '/v1/sales', { sales: [oneSale(`T2-late-${Date.now()}`, 50, Date.now() - 1_000)] })).status).toBe(200);
  await expect(page.getByTestId('dash-today')).toContainText(`${counting.length + 1} ventas`, { timeout: 60_000 });

  // The day report: both tills without their Z, named.
  await page.getByRole('navigation', { name: 'Vistas de la tienda' }).getByRole('button', { name: 'Informe del día' }).click();
  await expect(page.getByTestId('day-report')).toBeVisible();
  await expect(page.getByTestId('day-missing-z')).toContainText('Caja 1');
  await expect(page.getByTestId('day-missing-z')).toContainText('Caja 2');
  expect(sumAmounts(counting.map((d) => d.total))).not.toBe('0.00');

  // History across tills.
  await page.getByRole('navigation', { name: 'Vistas de la tienda' }).getByRole('button', { name: 'Historial de todas las cajas' }).click();
  await expect(page.getByTestId('owner-sales')).toContainText('Caja 2');

  // Closing ends the session: the name and PIN are asked again.
  await page.getByRole('button', { name: 'Cerrar la tienda' }).click();
  await expect(page.getByLabel('¿Quién abre la tienda?')).toBeVisible();
});

test('the back-office PC: Reimprimir copia shows the COPIA on 80 mm paper and calls the print dialog (window.print stubbed in the page)', async ({ page }) => {
  test.setTimeout(180_000);
  server = await startShopServerProcess({ backOffice: true });
  const s = server;
  const admin = async (data: unknown) => {
    const answer = await s.admin('POST', '/admin/records', data);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  await admin({ kind: 'person', data: { key: OWNER, name: 'Marta Gómez', role: 'owner', pinHash: await hashPin(OWNER_PIN, FAST_PIN_COST), active: true } });
  const { body } = await s.admin('POST', '/admin/pairing');
  const till = new ShopTill(s.url);
  expect((await till.pair(body.code, { name: 'Caja 1' })).status).toBe(200);
  const cufe = 'ab'.repeat(48);
  const sale = oneSale(`T1-copy-${Date.now()}`, 7, Date.now() - 60_000, { fullNumber: 'SETP990000007', cufe });
  expect((await till.call('POST', '/v1/sales', { sales: [sale] })).status).toBe(200);

  await page.setViewportSize({ width: 1366, height: 768 });
  // The real dialog would block the page: counted instead.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => { (window as unknown as { printed: number }).printed += 1; };
  });
  await page.goto(s.backOfficeUrl());
  await page.getByLabel('¿Quién abre la tienda?').selectOption({ label: 'Marta Gómez' });
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  await page.getByRole('navigation', { name: 'Vistas de la tienda' }).getByRole('button', { name: 'Historial de todas las cajas' }).click();
  await page.getByTestId('owner-sales').getByRole('button').first().click();

  // No seller on the server yet (no till uploaded the shop's settings): said in Spanish, nothing printed.
  await page.getByTestId('owner-reprint').click();
  await expect(page.getByText('El servidor de la tienda no tiene los datos del vendedor')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);

  // As the first till uploads it: the seller's settings text.
  const seller = { name: 'Tienda La Esquina SAS', nit: '900123456', dv: '8', address: 'Calle 1 # 2-3', phone: '', email: '', municipalityCode: '11001', resolutionText: '' };
  await admin({ kind: 'setting', data: { key: 'seller', value: JSON.stringify(seller) } });
  await page.getByTestId('owner-reprint').click();
  const paper = page.getByTestId('owner-copy-paper').getByTestId('receipt');
  await expect(paper).toBeVisible();
  await expect(paper.getByTestId('receipt-copy')).toHaveText(/^COPIA · /);
  await expect(paper).toContainText('SETP990000007');
  await expect(paper).toContainText(cufe);
  await expect(paper).toContainText('Tienda La Esquina SAS');
  await expect(paper.locator('img.receipt-qr')).toBeVisible();
  await expect(paper).toHaveClass(/paper-80/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expectSpanishScreen(page, { screen: 'PC de la oficina · copia', soft: true });
  await shoot(page, 'back-office-pc-copy');
  // The paper's own button prints again; back to the sale's detail.
  await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);
  await page.getByRole('button', { name: 'Volver a la venta' }).click();
  await expect(page.getByTestId('owner-sale')).toBeVisible();
});
