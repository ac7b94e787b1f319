/**
 * Cash at the counter and several open sales, driven as a cashier would: a cash sale refused while the cash does
 * not reach, then charged with the change in large type and on the receipt; a sale parked ("Suspender"), another
 * rung up, the first recalled ("Recuperar") with the second parked in its place, surviving a reload.
 */
import { test, expect, type Page } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { addBySearch, cart, emptyCart, openPaymentPanel, openTill, receipt, saleTotal, saveScreen, scan } from './counter';

// From electron/core/app/demo-catalog.ts: 18 900 + IVA 5 % = 19 845,00, asked 19 850 in cash (no coin below 50).
const CAFE = { name: 'Café molido tradicional 500 g' };
const ACEITE = { name: 'Aceite de girasol 1 L', barcode: '7702001001033' };

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const row = (page: Page, name: string) => cart(page).getByRole('rowheader', { name: new RegExp(name) });
const cashField = (page: Page) => page.getByRole('textbox', { name: 'Recibido en efectivo' });

test('a cash sale: refused while short, then charged with the change in large type, stored and printed', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await addBySearch(page, 'café molido', CAFE.name);
  await expect(saleTotal(page)).toHaveText('$\u00A019.845');

  await cashField(page).fill('10000');
  await expect(page.getByTestId('cash-missing')).toHaveText('$\u00A09.850');
  await page.keyboard.press('F12');
  await expect(page.getByText('El efectivo recibido no alcanza: se cobran $\u00A019.850 y faltan $\u00A09.850.')).toBeVisible();
  await expect(cashField(page)).toBeFocused();
  expect((await callCore(app, 'sales.search', { limit: 5 })).total).toBe(0);

  // A second bill of 10 000 from the quick buttons (in the opened payment panel): 20 000 received.
  await openPaymentPanel(page);
  await page.getByRole('button', { name: 'Sumar billete de $\u00A010.000' }).click();
  await expect(cashField(page)).toHaveValue('20000');
  // The refusal is no longer true: it goes.
  await expect(page.getByText(/El efectivo recibido no alcanza/)).toHaveCount(0);
  await expect(page.getByText('A cobrar en efectivo (sin monedas menores de $50): $\u00A019.850')).toBeVisible();
  await expect(page.getByTestId('cash-change')).toHaveText('$\u00A0150');
  await saveScreen(page, 'cash-change');
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  await expect(page.getByTestId('last-change')).toHaveText('$\u00A0150');

  const { sales } = await callCore(app, 'sales.search', { limit: 5 });
  expect(sales).toHaveLength(1);
  const stored = await callCore(app, 'receipt.get', { saleId: sales[0]!.id });
  expect(stored.cash).toEqual({ received: '20000.00', due: '19850.00', change: '150.00' });
  expect(stored.totals.payable).toBe('19845.00'); // the invoice is not rounded; only the cash asked is

  await page.getByRole('button', { name: 'Ver comprobante' }).click();
  await expect(receipt(page).getByTestId('receipt-cash-received')).toHaveText('$\u00A020.000,00');
  await expect(receipt(page).getByTestId('receipt-cash-change')).toHaveText('$\u00A0150,00');
  await expect(receipt(page)).toContainText('Total en efectivo');
  await saveScreen(page, 'receipt-cash', receipt(page));
});

test('park a sale, ring up another, recall the first (the second is parked in its place), and both survive a reload', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await addBySearch(page, 'café molido', CAFE.name);
  await page.getByRole('button', { name: 'Suspender' }).click();
  await expect(page.getByText('Venta suspendida como n.º 1. Puede atender al siguiente cliente.')).toBeVisible();
  await expect(emptyCart(page)).toBeVisible();

  await scan(page, ACEITE.barcode);
  await expect(row(page, ACEITE.name)).toBeVisible();
  await page.getByRole('button', { name: 'Recuperar (1)' }).click();
  await page.getByRole('button', { name: 'Recuperar la venta suspendida n.º 1' }).click();
  await expect(page.getByText('Se recuperó la venta n.º 1; la que estaba en curso quedó suspendida como n.º 2.')).toBeVisible();
  await expect(row(page, CAFE.name)).toBeVisible();
  await expect(row(page, ACEITE.name)).toHaveCount(0);
  await saveScreen(page, 'parked-sales');

  // The core holds both: the café on the counter, the aceite parked; a reload changes nothing.
  await expect.poll(async () => (await callCore(app!, 'openSale.get', {}))?.draft.lines.map((l) => l.name)).toEqual([CAFE.name]);
  await page.reload();
  await expect(row(page, CAFE.name)).toBeVisible();
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();

  await page.getByRole('button', { name: 'Recuperar (1)' }).click();
  await page.getByRole('button', { name: 'Recuperar la venta suspendida n.º 2' }).click();
  await expect(row(page, ACEITE.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recuperar (0)' })).toBeDisabled();
  expect(await callCore(app, 'openSale.parked', {})).toEqual([]);
});

test('the keyboard parks (F3), recalls (Shift+F3, Enter) and opens the customer directory (Shift+F4); the current tab stays readable under the mouse', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await addBySearch(page, 'café molido', CAFE.name);
  await page.keyboard.press('F3');
  await expect(page.getByText('Venta suspendida como n.º 1. Puede atender al siguiente cliente.')).toBeVisible();
  await expect(emptyCart(page)).toBeVisible();

  await page.keyboard.press('Shift+F3');
  await expect(page.getByRole('button', { name: 'Recuperar la venta suspendida n.º 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, CAFE.name)).toBeVisible();
  expect(await callCore(app, 'openSale.parked', {})).toEqual([]);

  await page.keyboard.press('Shift+F4');
  await expect(page.getByRole('heading', { name: 'Directorio de clientes' })).toBeVisible();

  // Text and background of the current tab under the mouse: far apart in lightness (WCAG contrast ≥ 4.5).
  const current = page.locator('.top-bar .tab[aria-current="page"]');
  await current.hover();
  const contrast = await current.evaluate((el) => {
    const style = getComputedStyle(el);
    const luminance = (css: string) => {
      const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
  });
  expect(contrast).toBeGreaterThanOrEqual(4.5);
});
