/**
 * Issue 29's denser cart: one compact row per sale line, its fields in a line panel. With eight lines in the sale, at
 * the five sizes real tills have: how many cart rows are wholly in view (≥ 8 at 1024×768, ≥ 6 at 1093×614 with the
 * payment open), how tall a row is (≤ 48 px at 1024×768 with a mouse), nothing scrolls sideways, and the field typed
 * in is whole in view. Then a whole sale with the keyboard alone (scan → select a line → change its price with the
 * owner's PIN → cash → Cobrar) and one by touch alone; axe-core on the counter with eight lines and with the panel
 * open. Screenshots: docs/screenshots/counter-cart-<w>x<h>.png. The figures measured are printed (one JSON line).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore, latestSale } from './core-bridge';
import { cart, cartRow, emptyCart, lineInput, linePanel, openLine, openTill, productSearch, saleTotal, scan } from './counter';
import { axeViolations } from './screen-check';
import { inView, sidewaysOverflow, verticalScroll } from './screen-geometry';
import { OWNER, staffTill } from './staffed-till';

const DOC_SHOTS = join(fileURLToPath(new URL('../..', import.meta.url)), 'docs', 'screenshots');

// From electron/core/app/demo-catalog.ts: eight products, "Café molido tradicional 500 g" among them.
const EIGHT = [
  '7702001001002', '7702001001019', '7702001001040', '7702001001064', '7702001001071', '7702001001101', '7702001001125', '7702001001156',
];
const CAFE = { name: 'Café molido tradicional 500 g', barcode: '7702001001002', price: 18900 };
/** A name too long for two lines of the cart's name column: the row clamps it, and stays one compact row. */
const LONG = {
  code: 'SAL-TOM-LARGO', barcode: '7709990000017',
  name: 'Salsa de tomate tradicional con trozos de cebolla, ajo y pimentón en doypack económico de un kilogramo para restaurantes y cafeterías',
};
const ARROZ = { name: 'Arroz blanco 1 kg', barcode: '7702001001019' };

const SIZES = [
  { width: 1024, height: 768, payment: false, atLeast: 8 },
  { width: 1093, height: 614, payment: true, atLeast: 6 },
  { width: 1280, height: 800, payment: false, atLeast: 8 },
  { width: 1366, height: 768, payment: false, atLeast: 8 },
  { width: 1920, height: 1080, payment: false, atLeast: 8 },
] as const;

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});
test.describe.configure({ timeout: 180_000 });

const cobrar = (page: Page): Locator => page.getByRole('button', { name: /^Cobrar/ });
const rows = (page: Page): Locator => cart(page).locator('tbody tr');
const pinDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Se necesita el PIN del dueño' });

/** Scans each code and waits for its line (a scan this shared machine split is scanned again, as a cashier would). */
async function scanLines(page: Page, barcodes: readonly string[]): Promise<void> {
  const before = await rows(page).count();
  for (const [k, barcode] of barcodes.entries()) {
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('F2');
      await productSearch(page).fill('');
      await scan(page, barcode);
      try {
        await expect(rows(page)).toHaveCount(before + k + 1, { timeout: 5_000 });
        break;
      } catch (missed) {
        if (attempt === 3) throw missed;
        test.info().annotations.push({ type: 'rescan', description: `${barcode} scanned again` });
        const dismiss = page.getByRole('button', { name: 'Cerrar mensaje' }).first();
        if (await dismiss.isVisible()) await dismiss.click();
      }
    }
  }
}

/** The cart's rows: how many are wholly inside the cart's scrolling area and the window, and the tallest one. */
/** `room`: how many rows of the usual height the cart's area holds (the figure for a sale longer than eight lines). */
async function cartFigures(page: Page): Promise<{ visible: number; tallest: number; sideways: number; room: number; nameLines: number }> {
  return page.evaluate(() => {
    const scroller = document.querySelector('.cart-scroll');
    if (!scroller) return { visible: 0, tallest: 0, sideways: 0, room: 0, nameLines: 0 };
    // The most lines any name takes on screen (its box's height over its line height).
    const nameLines = Math.max(...[...scroller.querySelectorAll<HTMLElement>('.line-name-text')].map((name) =>
      Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight))));
    scroller.scrollTop = 0;
    const area = scroller.getBoundingClientRect();
    const top = Math.max(area.top, 0);
    const bottom = Math.min(area.bottom, window.innerHeight);
    const boxes = [...scroller.querySelectorAll('tbody tr')].map((row) => row.getBoundingClientRect());
    const usual = [...boxes.map((b) => b.height)].sort((a, b) => a - b)[Math.floor(boxes.length / 2)] ?? 1;
    const head = scroller.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    return {
      room: Math.floor((bottom - top - head + 0.5) / usual),
      nameLines,
      visible: boxes.filter((b) => b.top >= top - 0.5 && b.bottom <= bottom + 0.5 && b.height > 0).length,
      tallest: Math.max(...boxes.map((b) => b.height)),
      sideways: scroller.scrollWidth - scroller.clientWidth,
    };
  });
}

async function docShot(page: Page, name: string): Promise<void> {
  mkdirSync(DOC_SHOTS, { recursive: true });
  await page.screenshot({ path: join(DOC_SHOTS, `${name}.png`), scale: 'css' });
}

/** Presses Tab (a bounded number of times) until the control has the focus. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with ${max} presses of Tab`);
}

test.describe('with a mouse and keys', () => {
  test.use({ hasTouch: false });

  test('eight lines at five sizes: rows in view, row height, nothing sideways; axe with eight lines and with the line panel', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    app = await startApp();
    await callCore(app, 'catalog.save', {
      mode: 'create',
      product: {
        code: LONG.code, name: LONG.name, barcodes: [LONG.barcode], unitMeasure: '94', priceEntry: 'base', price: 9900,
        tax: { code: '01', rate: 19 }, discountRate: 0, category: null, active: true,
      },
    });
    await openTill(page, app);
    // Seven of the demo's products and the long-named one.
    await scanLines(page, [...EIGHT.slice(0, 7), LONG.barcode]);
    const figures: Record<string, { visible: number; tallest: number; room: number }> = {};
    for (const size of SIZES) {
      const at = `${size.width}×${size.height}${size.payment ? ' (payment open)' : ''}`;
      await page.setViewportSize({ width: size.width, height: size.height });
      const paymentOpen = page.getByRole('combobox', { name: 'Medio de pago' });
      if (size.payment && !(await paymentOpen.isVisible())) await page.keyboard.press('F8');
      if (!size.payment && (await paymentOpen.isVisible())) await page.getByRole('button', { name: 'Cerrar panel del pago' }).click();
      await expect(paymentOpen).toBeVisible({ visible: size.payment });
      await expect(rows(page)).toHaveCount(8);
      const measured = await cartFigures(page);
      figures[`${size.width}x${size.height}`] = { visible: measured.visible, tallest: Math.round(measured.tallest), room: measured.room };
      expect.soft(measured.visible, `${at}: cart rows wholly in view`).toBeGreaterThanOrEqual(size.atLeast);
      if (size.width === 1024) expect.soft(measured.tallest, `${at}: the tallest row`).toBeLessThanOrEqual(48);
      expect.soft(measured.sideways, `${at}: the cart scrolls sideways`).toBeLessThanOrEqual(0);
      expect.soft(measured.nameLines, `${at}: the longest name's lines`).toBeLessThanOrEqual(2);
      expect.soft(await sidewaysOverflow(page), `${at}: sideways`).toEqual([]);
      expect.soft(await verticalScroll(page), `${at}: the window scrolls`).toEqual([]);
      expect.soft([...await inView(cobrar(page), 'Cobrar'), ...await inView(saleTotal(page), 'the total')], at).toEqual([]);
      await docShot(page, `counter-cart-${size.width}x${size.height}`);
      if (size.width === 1024) {
        expect.soft(await axeViolations(page), `${at}: axe with eight lines`).toEqual([]);
      }
    }
    test.info().annotations.push({ type: 'figures', description: JSON.stringify(figures) });
    console.log(JSON.stringify({ e2e: 'counter-dense-cart', rowsInView: figures }));

    // The line panel open at 1024×768 and 1093×614 (the payment open there too): the row, the field typed in, the
    // total and Cobrar all in view.
    for (const size of [SIZES[0], SIZES[1]]) {
      const at = `${size.width}×${size.height} with the line panel`;
      await page.setViewportSize({ width: size.width, height: size.height });
      if (size.payment) await page.keyboard.press('F8');
      await expect(page.getByRole('combobox', { name: 'Medio de pago' })).toBeVisible({ visible: size.payment });
      await openLine(page, 'Lenteja 500 g');
      const price = lineInput(page, 'Precio unitario', 'Lenteja 500 g');
      await price.click();
      expect.soft([
        ...await inView(price, 'the price typed in'), ...await inView(cartRow(page, 'Lenteja 500 g'), 'its row'),
        ...await inView(cobrar(page), 'Cobrar'), ...await inView(saleTotal(page), 'the total'),
      ], at).toEqual([]);
      expect.soft(await sidewaysOverflow(page), `${at}: sideways`).toEqual([]);
      await docShot(page, `counter-cart-panel-${size.width}x${size.height}`);
      if (size.width === 1024) expect.soft(await axeViolations(page), `${at}: axe`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(linePanel(page)).toHaveCount(0);
      await expect(cartRow(page, 'Lenteja 500 g')).toBeFocused();
    }
  });

  test('bad input in the line panel is said in Spanish, kept as typed, marks its row, and Cobrar waits for it', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    app = await startApp();
    await openTill(page, app);
    await scanLines(page, [ARROZ.barcode]);
    await openLine(page, ARROZ.name);
    const quantity = lineInput(page, 'Cantidad', ARROZ.name);
    await quantity.fill('2,5x');
    await expect(linePanel(page).getByText('Cantidad mayor que 0, hasta 3 decimales')).toBeVisible();
    await lineInput(page, 'Desc. %', ARROZ.name).fill('150');
    await expect(linePanel(page).getByText('Entre 0 y 100')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(linePanel(page)).toHaveCount(0);
    // The row says so, in red; nothing typed is lost.
    const row = rows(page).first();
    await expect(row).toHaveClass(/has-problem/);
    await expect(row).toContainText('Revise esta línea: Cantidad mayor que 0, hasta 3 decimales');
    await page.keyboard.press('F12');
    await expect(page.getByRole('region', { name: 'Totales' }).getByText('Corrija los valores marcados en rojo antes de cobrar.')).toBeVisible();
    await openLine(page, ARROZ.name);
    await expect(quantity).toHaveValue('2,5x');
    await quantity.fill('3');
    await lineInput(page, 'Desc. %', ARROZ.name).fill('10');
    await expect(linePanel(page).locator('.field-error')).toHaveCount(0);
    await expect(cartRow(page, ARROZ.name).locator('xpath=ancestor::tr')).toContainText('3 × $ 4.950 · desc. 10 %');
    // "Quitar" removes the line; the focus goes back to the search.
    await linePanel(page).getByRole('button', { name: `Quitar: ${ARROZ.name}` }).click();
    await expect(emptyCart(page)).toBeVisible();
    await expect(productSearch(page)).toBeFocused();
  });

  test('keyboard only: scan, ↑/↓ and Enter to a line, its price with the owner\'s PIN, cash, Cobrar', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    app = await startApp();
    await staffTill(app);
    await openTill(page, app);
    await scanLines(page, [ARROZ.barcode, CAFE.barcode]);
    // ↑ in the empty search comes to the last line (the café); ↑/↓ walk the rows, ↓ past the last goes back to the
    // search; Tab from the search reaches the first row. Enter opens a line with its quantity focused.
    await page.keyboard.press('F2');
    await page.keyboard.press('ArrowUp');
    await expect(cartRow(page, CAFE.name)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(productSearch(page)).toBeFocused();
    await tabTo(page, cartRow(page, ARROZ.name));
    await page.keyboard.press('ArrowDown');
    await expect(cartRow(page, CAFE.name)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(linePanel(page)).toBeVisible();
    await expect(lineInput(page, 'Cantidad', CAFE.name)).toBeFocused();
    // A cashier's price is the catalog's: read-only until the owner's PIN.
    await expect(lineInput(page, 'Precio unitario', CAFE.name)).not.toBeEditable();
    await docShot(page, 'counter-cart-locked-panel-1024x768');
    await tabTo(page, page.getByRole('button', { name: `Cambiar precio o impuesto: ${CAFE.name}` }));
    await page.keyboard.press('Enter');
    await expect(pinDialog(page)).toBeVisible();
    await expect(pinDialog(page).getByLabel('PIN del dueño')).toBeFocused();
    await page.keyboard.type(OWNER.pin, { delay: 70 });
    await page.keyboard.press('Enter');
    await expect(pinDialog(page)).toBeHidden();
    const price = lineInput(page, 'Precio unitario', CAFE.name);
    await expect(price).toBeFocused();
    await expect(price).toBeEditable();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('15000', { delay: 70 });
    expect(await inView(price, 'the price typed in')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(linePanel(page)).toHaveCount(0);
    await expect(cartRow(page, CAFE.name)).toBeFocused();
    await expect(cart(page)).toContainText('1 × $ 15.000');
    // Cash: F8, Tab to what was received, type it, then Tab to Cobrar and Enter.
    await page.keyboard.press('F8');
    await tabTo(page, page.getByRole('textbox', { name: 'Recibido en efectivo' }));
    await page.keyboard.type('50000', { delay: 70 });
    await tabTo(page, cobrar(page), 60);
    await page.keyboard.press('Enter');
    await expect(emptyCart(page)).toBeVisible();
    const sale = await latestSale(app);
    expect(sale.items.map((i) => [i.name, i.price])).toEqual([[ARROZ.name, 4950], [CAFE.name, 15000]]);
    expect(Number(sale.cash?.received)).toBe(50000);
  });
});

test.describe('by touch', () => {
  test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

  test('touch only: scan, tap a line, its price with the owner\'s PIN and the panel\'s keypad, a bill for the cash, Cobrar', async ({ page }) => {
    app = await startApp();
    await staffTill(app);
    await openTill(page, app);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await scanLines(page, EIGHT);
    // Every row a finger high, and the eight in view.
    const heights = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector('button')?.getBoundingClientRect().height ?? 0));
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
    const measured = await cartFigures(page);
    console.log(JSON.stringify({ e2e: 'counter-dense-cart', touch: { '1024x768': { visible: measured.visible, tallest: Math.round(measured.tallest), room: measured.room } } }));
    expect.soft(measured.visible, 'touch, 1024×768: cart rows wholly in view').toBeGreaterThanOrEqual(8);
    await docShot(page, 'counter-cart-touch-1024x768');
    await cartRow(page, CAFE.name).tap();
    await expect(linePanel(page)).toBeVisible();
    await linePanel(page).getByRole('button', { name: `Cambiar precio o impuesto: ${CAFE.name}` }).tap();
    // The PIN field takes the on-screen keyboard's digits (the tablet's own keyboard; Playwright types them).
    await pinDialog(page).getByLabel('PIN del dueño').tap();
    await page.keyboard.type(OWNER.pin);
    await pinDialog(page).getByRole('button', { name: 'Autorizar' }).tap();
    await expect(pinDialog(page)).toBeHidden();
    const price = lineInput(page, 'Precio unitario', CAFE.name);
    await price.tap();
    const keypad = linePanel(page).getByRole('group', { name: 'Teclado numérico' });
    await expect(keypad).toContainText(`Escribe en: Precio unitario · ${CAFE.name}`);
    for (const digit of ['1', '5', '000']) await keypad.getByRole('button', { name: `Tecla ${digit}`, exact: true }).tap();
    await expect(price).toHaveValue('15000');
    expect(await inView(price, 'the price typed in')).toEqual([]);
    await docShot(page, 'counter-cart-touch-panel-1024x768');
    await keypad.getByRole('button', { name: 'OK, aceptar' }).tap();
    await expect(linePanel(page)).toHaveCount(0);
    await expect(cart(page)).toContainText('1 × $ 15.000');
    // The bills show with the payment panel open.
    await page.getByRole('button', { name: 'Cambiar pago' }).tap();
    await page.getByRole('button', { name: 'Sumar billete de $ 50.000' }).tap();
    await expect(page.getByRole('textbox', { name: 'Recibido en efectivo' })).toHaveValue('50000');
    await cobrar(page).tap();
    await expect(emptyCart(page)).toBeVisible();
    const sale = await latestSale(app);
    expect(sale.items).toHaveLength(8);
    expect(sale.items.find((i) => i.name === CAFE.name)?.price).toBe(15000);
    expect(sale.items.find((i) => i.name === ARROZ.name)?.price).toBe(4950);
  });
});
