/**
 * The counter fits the window at the sizes real tills have (issue 17), with an owner and a cashier set up and the
 * cashier selling: the window never scrolls either way; the total and Cobrar (and the change, for cash) are inside
 * the viewport for an empty sale, a card sale, a cash sale and eight lines; the top bar keeps its height after
 * Cobrar, after parking and while an error notice shows; the notice's × is in view. Screenshots of every case go to
 * test-results/screenshots/counter-<w>x<h>-<case>.png.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { cart, chargeButton, emptyCart, openTill, productSearch, receipt, saleTotal, saveScreen } from './counter';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1093, height: 614 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

// Eight products of the demo catalog (electron/core/app/demo-catalog.ts), by barcode.
const BARCODES = ['7702001001002', '7702001001019', '7702001001026', '7702001001033', '7702001001040', '7702001001057',
  '7702001001064', '7702001001071'];
const OWNER = { name: 'Ana Dueña', pin: '2468' };
const CASHIER = { name: 'Beatriz Helena Cajera', pin: '1357' };

let app: AppProcess | null = null;
test.use({ deviceScaleFactor: 1 });
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

/** The owner sets the till up and the cashier signs in, as the owner would through People (here through the bridge). */
async function cashierSelling(running: AppProcess): Promise<void> {
  await callCore(running, 'people.save', { person: { name: OWNER.name, role: 'owner', pin: OWNER.pin } });
  const cashier = await callCore(running, 'people.save', { person: { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin } });
  await callCore(running, 'people.signIn', { personId: cashier.id, pin: CASHIER.pin });
  // With people set up a till sells inside a shift (issue 26).
  await callCore(running, 'shifts.open', { openingCash: 0 });
}

/** Neither way does the window scroll: what does not fit scrolls inside its own area. */
async function expectWindowFixed(page: Page, what: string): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
    width: window.innerWidth, height: window.innerHeight,
  }));
  expect(size.scrollWidth, `${what}: no sideways overflow`).toBeLessThanOrEqual(size.width);
  expect(size.scrollHeight, `${what}: the window does not scroll`).toBeLessThanOrEqual(size.height);
}

/** The whole element inside the viewport (not below the fold, not cut at a side). */
async function expectInView(page: Page, element: Locator, what: string): Promise<void> {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error(`${what}: no box`);
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(view.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(view.height + 0.5);
}

async function expectCounterFits(page: Page, what: string): Promise<void> {
  await expectWindowFixed(page, what);
  await expectInView(page, saleTotal(page), `${what}: the total`);
  await expectInView(page, chargeButton(page), `${what}: Cobrar`);
}

/**
 * The demo service validates a sale about 2 s after it arrives, and an idle counter then shows its receipt on its own
 * (last-sale-fate.ts): wait for it and go back, so the next scans land on the counter.
 */
async function backFromReceipt(page: Page): Promise<void> {
  await expect(receipt(page)).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(productSearch(page)).toBeVisible();
}

const topBarHeight = async (page: Page): Promise<number> => (await page.getByRole('banner').boundingBox())?.height ?? -1;

/** Products typed by barcode into the search (Enter adds it): the layout is under test here, not the scanner's pace. */
async function addByBarcode(page: Page, barcodes: string[]): Promise<void> {
  for (const [i, barcode] of barcodes.entries()) {
    await productSearch(page).fill(barcode);
    await productSearch(page).press('Enter');
    await expect(cart(page).getByRole('row')).toHaveCount(i + 2); // the header and one row per product
  }
}

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`;
  test(`the counter fits ${size.width}×${size.height}: empty, card, cash, eight lines, notices over it`, async ({ page }) => {
    await page.setViewportSize(size);
    app = await startApp();
    await cashierSelling(app);
    await openTill(page, app);
    await expect(page.getByText(`Vende: ${CASHIER.name}`)).toBeVisible();
    await expectInView(page, page.getByRole('button', { name: 'Cambiar de persona' }), 'Cambiar de persona');
    // The tabs and who is selling side by side, never one over the other.
    const tabs = await page.getByRole('navigation', { name: 'Navegación principal' }).boundingBox();
    const who = await page.getByText(`Vende: ${CASHIER.name}`).boundingBox();
    expect(tabs && who && tabs.x + tabs.width <= who.x, 'the tabs end before who is selling').toBe(true);
    const barHeight = await topBarHeight(page);
    expect(barHeight).toBeGreaterThan(0);

    // Empty sale.
    await expect(emptyCart(page)).toBeVisible();
    await expectCounterFits(page, 'empty sale');
    await saveScreen(page, `counter-${at}-empty`);

    // An error notice (Cobrar with nothing to charge): over the screen, the bar keeps its height, its × in view, Esc closes it.
    await page.keyboard.press('F12');
    const error = page.getByRole('alert').filter({ hasText: 'Agregue al menos un producto antes de cobrar.' });
    await expectInView(page, error, 'the error notice');
    await expectInView(page, page.getByRole('button', { name: 'Cerrar mensaje' }), 'the error notice\'s ×');
    expect(await topBarHeight(page)).toBe(barHeight);
    await expectCounterFits(page, 'with an error notice');
    await saveScreen(page, `counter-${at}-error`);
    await page.keyboard.press('Escape');
    await expect(error).toHaveCount(0);

    // A card sale: the payment panel opened (F8), then closed again to its one line.
    await addByBarcode(page, BARCODES.slice(0, 2));
    await page.keyboard.press('F8');
    const means = page.getByLabel('Medio de pago');
    await expect(means).toBeFocused();
    await means.selectOption('49');
    await expectCounterFits(page, 'card sale, payment open');
    await saveScreen(page, `counter-${at}-card-open`);
    await page.keyboard.press('Escape');
    await expect(means).toHaveCount(0);
    await expect(page.getByTestId('current-payment')).toContainText('Tarjeta débito');
    await expectCounterFits(page, 'card sale');
    await saveScreen(page, `counter-${at}-card`);

    // Cobrar: the notice names the short number and lies over the screen; the bar keeps its height.
    await page.keyboard.press('F12');
    await expect(emptyCart(page)).toBeVisible();
    const charged = page.getByRole('status').filter({ hasText: /^Caja\s1\s·\s\d{6}\sguardada/ });
    await expectInView(page, charged, 'the charged notice');
    expect(await topBarHeight(page)).toBe(barHeight);
    await expectInView(page, page.getByTestId('last-sale-number'), 'Última venta');
    await expectCounterFits(page, 'right after Cobrar');
    await saveScreen(page, `counter-${at}-charged`);
    await backFromReceipt(page);

    // A cash sale with 50 000 received: the change is in view by the total, and after Cobrar, the change to hand back.
    await addByBarcode(page, BARCODES.slice(2, 4));
    await page.getByRole('textbox', { name: 'Recibido en efectivo' }).fill('50000');
    await expectInView(page, page.getByTestId('cash-change'), 'the change');
    await expectCounterFits(page, 'cash sale');
    await saveScreen(page, `counter-${at}-cash`);
    await page.keyboard.press('F12');
    await expect(emptyCart(page)).toBeVisible();
    await expectInView(page, page.getByTestId('last-change'), 'Cambio a entregar');
    expect(await topBarHeight(page)).toBe(barHeight);
    await expectCounterFits(page, 'after a cash sale');
    await saveScreen(page, `counter-${at}-cash-charged`);
    await backFromReceipt(page);

    // Eight lines: the cart scrolls in its own area; with the customer panel open (F4) too.
    await addByBarcode(page, BARCODES);
    await expectCounterFits(page, 'eight lines');
    await saveScreen(page, `counter-${at}-lines8`);
    await page.keyboard.press('F4');
    await expect(page.getByRole('searchbox', { name: 'Buscar cliente' })).toBeFocused();
    await expectCounterFits(page, 'eight lines, customer open');
    await saveScreen(page, `counter-${at}-customer-open`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveCount(0);

    // A total far above the usual (2 000 of the first product): the question and both its answers in the pinned footer.
    // The first line's quantity, in its line panel (a click on its row opens it).
    await cart(page).locator('button.line-open').first().click();
    const quantity = page.getByRole('region', { name: /^Línea 1:/ }).getByRole('textbox', { name: /^Cantidad: / });
    await quantity.fill('2000');
    await page.keyboard.press('F12');
    const confirm = page.getByRole('alertdialog', { name: 'Confirme el total' });
    await expectInView(page, confirm, 'the total to confirm');
    await expectInView(page, confirm.getByRole('button', { name: 'Revisar la venta' }), 'Revisar la venta');
    await expectInView(page, confirm.getByRole('button', { name: 'Sí, cobrar' }), 'Sí, cobrar');
    await expectCounterFits(page, 'a total to confirm');
    await saveScreen(page, `counter-${at}-confirm-total`);
    await page.keyboard.press('Enter'); // "Revisar la venta" has the focus
    await expect(confirm).toHaveCount(0);
    await quantity.fill('1');

    // Parking (F3): its notice over the screen, the bar as tall as before.
    await page.keyboard.press('F3');
    await expect(emptyCart(page)).toBeVisible();
    await expectInView(page, page.getByRole('status').filter({ hasText: 'Venta suspendida como n.º 1' }), 'the parked notice');
    expect(await topBarHeight(page)).toBe(barHeight);
    await expectCounterFits(page, 'after parking');
    await saveScreen(page, `counter-${at}-parked`);
  });
}

test('where the top bar is short, the less used screens are under "Más": a button that opens a list, Esc closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  app = await startApp();
  await cashierSelling(app);
  await openTill(page, app);
  await expect(page.getByRole('button', { name: 'Personas' })).toHaveCount(0); // not in the bar at this width
  const more = page.getByRole('button', { name: 'Más' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('list', { name: 'Más pantallas' });
  // The catalog is here too at this width (it keeps its F6); the list starts on it, the arrows walk it.
  await expect(list.getByRole('button', { name: /Catálogo/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('button', { name: 'Clientes' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(list.getByRole('button', { name: 'Personas' })).toBeFocused();
  await saveScreen(page, 'counter-1024x768-more');
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(productSearch(page)).toBeVisible(); // Esc closed the list only

  await more.click();
  await list.getByRole('button', { name: 'Turno' }).click();
  await expect(page.getByRole('heading', { name: 'Turno de caja' })).toBeVisible();
  await expect(more).toHaveClass(/current/);
  await expectWindowFixed(page, 'the shift screen');
});
