/**
 * The sale just charged on an idle counter: the charge bar says "Validando…" while the tax authority decides, and its
 * fiscal receipt takes the screen by itself as soon as the demo service (2 s) has validated it. A counter where the
 * next sale has been started is never interrupted: the bar then only says the sale is validated, with its number.
 */
import { test, expect } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore, latestSale } from './core-bridge';
import { cart, emptyCart, openTill, receipt, scan } from './counter';

// From electron/core/app/demo-catalog.ts.
const CAFE = { name: 'Café molido tradicional 500 g', barcode: '7702001001002' };

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

test('last sale: "Validando…", then its receipt on screen once validated; a started sale is never interrupted', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, CAFE.barcode);
  await expect(cart(page).getByRole('rowheader', { name: new RegExp(CAFE.name) })).toBeVisible();
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  // The fate names the sale it is about, so a fast validation ("Validando…" gone before a poll) cannot fool the test.
  const first = await latestSale(app);
  const fate = page.getByTestId('last-sale-fate');
  await expect(fate).toHaveAttribute('data-sale-id', String(first.id));
  await expect(fate).toHaveText(/^(Validando…|Validada: SETP\d+)$/);
  await expect(receipt(page).getByRole('heading', { level: 1 })).toHaveText('Factura electrónica de venta', { timeout: 30_000 });
  const validated = await callCore(app, 'sales.get', { id: first.id });
  await expect(receipt(page)).toContainText(validated?.fullNumber as string);

  // Back to the counter; the next sale is started before its predecessor is validated.
  await page.keyboard.press('Escape');
  await expect(emptyCart(page)).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, CAFE.barcode);
  // F12 right after the scan, as a cashier does: Cobrar waits for the scanned product and charges it.
  await page.keyboard.press('F12');
  await expect.poll(async () => (await latestSale(app!)).id, { timeout: 10_000 }).toBeGreaterThan(first.id);
  const second = await latestSale(app);
  expect(second.items.map((item) => item.code)).toEqual(['CAF-500']);
  await expect(fate).toHaveAttribute('data-sale-id', String(second.id));
  await expect(fate).not.toHaveText(`Validada: ${validated?.fullNumber as string}`);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, CAFE.barcode);
  await expect(cart(page).getByRole('rowheader', { name: new RegExp(CAFE.name) })).toBeVisible();
  await expect.poll(async () => (await callCore(app!, 'sales.get', { id: second.id }))?.state, { timeout: 30_000 }).toBe('validated');
  const secondNumber = (await callCore(app, 'sales.get', { id: second.id }))?.fullNumber as string;
  expect(secondNumber).not.toBe(validated?.fullNumber);
  await expect(fate).toHaveText(`Validada: ${secondNumber}`, { timeout: 30_000 });
  await expect(fate).toHaveAttribute('data-sale-id', String(second.id));
  await expect(receipt(page)).toHaveCount(0);
  await expect(cart(page).getByRole('rowheader', { name: new RegExp(CAFE.name) })).toBeVisible();
});
