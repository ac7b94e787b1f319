/**
 * Issue 29 (layout): at the five sizes real tills have, with an owner and a cashier set up and three sales in History,
 * - error notices (Cobrar on an empty sale; an unknown barcode scanned, with lines in the sale) and an info notice (a
 *   sale parked) overlap no control on the counter: every visible button, field, chip, quick key, the cart, the totals
 *   and Cobrar are measured against the notice's box; the error goes once the cashier adds the right product, and
 *   axe-core finds no WCAG 2.1 A/AA violation on the counter with the error up;
 * - with the payment open and eight lines in the sale, the "Recibido en efectivo" field the cashier Tabs into (and
 *   taps) is wholly in the window and in its scrolling box, and what is drawn at its corners and centre is the field
 *   itself; so is the customer search (F4) in the same column;
 * - History with a sale open keeps the time, the sale's number, the total and the state; the reference, the invoice
 *   number, the cashier and the customer give way first: the cashier, then the customer, then the reference and the
 *   invoice number (renderer/history/history-columns.ts);
 *   axe-core finds no WCAG 2.1 A/AA violation on History, its list alone and with a sale open.
 * Screenshots: docs/screenshots/counter-notice-<w>x<h>.png, counter-payment-1093x614.png, history-open-<w>x<h>.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { GIVE_WAY } from '../../renderer/history/history-columns';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { cart, openHistory, openTill, productSearch } from './counter';
import { axeViolations, sizeName, type ScreenSize } from './screen-check';
import { inView } from './screen-geometry';
import { CASHIER, staffTill } from './staffed-till';

const SIZES: readonly ScreenSize[] = [
  { width: 1024, height: 768 },
  { width: 1093, height: 614 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];
// From electron/core/app/demo-catalog.ts: eight different products at three VAT rates (0, 5 and 19 %), so the totals
// box is as tall as it gets.
const EIGHT_BARCODES = ['7702001001002', '7702001001019', '7702001001026', '7702001001033', '7702001001040', '7702001001057',
  '7702001001064', '7702001001071'];
const UNKNOWN = '7709999999990';

/**
 * History with a sale open, by header: the columns a size shows. Where a list is narrower, fewer of the cashier, the
 * customer, the reference and the invoice number (never the four kept): up to 1366×768 the four alone are left.
 */
const HISTORY_OPEN: Record<string, string[]> = {
  '1024x768': ['Venta', 'Hora', 'Total', 'Estado'],
  '1093x614': ['Venta', 'Fecha', 'Total', 'Estado'],
  '1280x800': ['Venta', 'Fecha', 'Total', 'Estado'],
  '1366x768': ['Venta', 'Fecha', 'Total', 'Estado'],
  '1920x1080': ['Venta', 'Fecha', 'Referencia', 'Número', 'Cliente', 'Cajero', 'Total', 'Estado'],
};
const KEPT = ['Venta', 'Fecha', 'Total', 'Estado'];
/** The date column's header: "Hora" where only the time is left in it. */
const sameColumn = (header: string) => (header === 'Hora' ? 'Fecha' : header);
/** The give-way order by header (history-columns.ts's ids → the Spanish headers). */
const HEADER_OF: Record<string, string> = { reference: 'Referencia', invoice: 'Número', cashier: 'Cajero', customer: 'Cliente' };

const DOCS_SCREENSHOTS = join(fileURLToPath(new URL('../..', import.meta.url)), 'docs', 'screenshots');
async function saveDocScreen(page: Page, name: string): Promise<void> {
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(DOCS_SCREENSHOTS, `${name}.png`), scale: 'css' });
}

let app: AppProcess | null = null;
test.use({ deviceScaleFactor: 1 });
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});
test.describe.configure({ timeout: 180_000 });

/** Products typed by barcode into the search (Enter adds each), waiting for each line. */
async function addByBarcode(page: Page, barcodes: readonly string[]): Promise<void> {
  const lines = cart(page).getByRole('rowheader');
  const before = await lines.count().catch(() => 0);
  for (const [k, barcode] of barcodes.entries()) {
    await productSearch(page).fill(barcode);
    await productSearch(page).press('Enter');
    await expect(lines).toHaveCount(before + k + 1);
  }
}

/**
 * Every control of the counter the notice's box overlaps, in words: buttons, fields, selects, links, anything
 * focusable, the cart's table (or its empty-sale line), the totals. Each is measured as drawn: cut to the boxes that
 * clip it (a scrolled-away cart row is not "covered") and to the window.
 */
async function controlsUnder(notice: Locator): Promise<string[]> {
  return notice.first().evaluate((box) => {
    const region = box.closest('.notice-region') ?? box;
    const n = region.getBoundingClientRect();
    const screen = document.querySelector('.sale-screen');
    if (!screen) return ['no counter on the screen'];
    const selector = 'button, input, select, textarea, a[href], [role="button"], [role="combobox"], [tabindex]:not([tabindex="-1"]), table, .cart-empty, .totals';
    const drawn = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = r.left; let top = r.top; let right = r.right; let bottom = r.bottom;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return null;
      for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const s = getComputedStyle(up);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = up.getBoundingClientRect();
        left = Math.max(left, c.left); top = Math.max(top, c.top); right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
      }
      left = Math.max(left, 0); top = Math.max(top, 0); right = Math.min(right, window.innerWidth); bottom = Math.min(bottom, window.innerHeight);
      return right - left > 1 && bottom - top > 1 ? { left, top, right, bottom } : null;
    };
    const name = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '';
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${label.trim().slice(0, 40)}"`;
    };
    const problems: string[] = [];
    for (const el of Array.from(screen.querySelectorAll(selector))) {
      if (region.contains(el) || el.contains(region)) continue;
      const r = drawn(el);
      if (!r) continue;
      const w = Math.min(r.right, n.right) - Math.max(r.left, n.left);
      const h = Math.min(r.bottom, n.bottom) - Math.max(r.top, n.top);
      if (w > 0.5 && h > 0.5) problems.push(`${name(el)} under the notice (${Math.round(w)}×${Math.round(h)} px)`);
    }
    return problems;
  });
}

/**
 * The field is wholly in the window and its scrolling boxes (inView), and at its four corners (2 px in) and its
 * centre the topmost element is the field or inside it: nothing lies over any part of it.
 */
async function wholeField(field: Locator, what: string): Promise<string[]> {
  // As the cashier sees it: after the next two frames are drawn (the till reveals a field after the frame).
  await field.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  const problems = await inView(field, what);
  problems.push(...await field.evaluate((el, label) => {
    const r = el.getBoundingClientRect();
    const points: Array<[string, number, number]> = [
      ['top-left', r.left + 2, r.top + 2], ['top-right', r.right - 2, r.top + 2], ['bottom-left', r.left + 2, r.bottom - 2],
      ['bottom-right', r.right - 2, r.bottom - 2], ['centre', r.left + r.width / 2, r.top + r.height / 2],
    ];
    const out: string[] = [];
    for (const [where, x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !el.contains(hit)) {
        const by = hit ? `${hit.tagName.toLowerCase()}${typeof hit.className === 'string' && hit.className ? `.${hit.className.trim().split(/\s+/).join('.')}` : ''}` : 'nothing (outside the window)';
        out.push(`${label}: its ${where} (${Math.round(x)}, ${Math.round(y)}) is under ${by}`);
      }
    }
    return out;
  }, what));
  return problems;
}

/** History's headers as drawn: those shown, those given way (display: none), and kept cells cut short. */
async function historyHeaders(table: Locator): Promise<{ shown: string[]; gone: string[]; cut: string[] }> {
  return table.evaluate((el, kept) => {
    const shown: string[] = []; const gone: string[] = []; const cut: string[] = [];
    const headers = Array.from(el.querySelectorAll('thead th'));
    const rows = Array.from(el.querySelectorAll('tbody tr')).filter((r) => r.getAttribute('aria-hidden') !== 'true').slice(0, 3);
    headers.forEach((th, index) => {
      // As drawn (innerText leaves out a hidden span), in the words' own case (the header is uppercase by CSS).
      const drawn = (th as HTMLElement).innerText.trim().toLowerCase();
      const text = drawn.charAt(0).toUpperCase() + drawn.slice(1);
      const box = th.getBoundingClientRect();
      if (getComputedStyle(th).display === 'none' || box.width === 0) { gone.push(text); return; }
      shown.push(text);
      if (!kept.includes(text)) return; // the reference and the customer end in "…" by design (whole on hover)
      for (const row of rows) {
        const cell = row.children[index] as HTMLElement | undefined;
        if (cell && cell.scrollWidth > cell.clientWidth + 1) cut.push(`${text}: "${cell.innerText.trim()}" cut (${cell.scrollWidth} px in ${cell.clientWidth} px)`);
      }
    });
    return { shown, gone, cut };
  }, [...KEPT, 'Hora', 'Número', 'Cajero']);
}

for (const size of SIZES) {
  const at = sizeName(size);
  test(`notices, the cash field and History's columns at ${size.width}×${size.height}`, async ({ page }) => {
    app = await startApp();
    const till = await staffTill(app);
    await page.setViewportSize(size);
    await openTill(page, app);
    await expect(page.getByText(`Vende: ${CASHIER.name}`)).toBeVisible();

    // Cobrar on an empty sale: its error covers no control either, and goes with the first product.
    await page.keyboard.press('F12');
    const empty = page.getByRole('alert').filter({ hasText: 'Agregue al menos un producto antes de cobrar.' });
    await expect(empty).toBeVisible();
    expect.soft(await controlsUnder(empty), `${at}: controls under the empty-sale notice`).toEqual([]);

    // An unknown barcode with three lines in the sale: the error covers no control, and stays until the cashier acts.
    await addByBarcode(page, EIGHT_BARCODES.slice(0, 3));
    await expect(empty).toHaveCount(0);
    await productSearch(page).fill(UNKNOWN);
    await productSearch(page).press('Enter');
    const error = page.getByRole('alert').filter({ hasText: `El código de barras ${UNKNOWN} no está en el catálogo.` });
    await expect(error).toBeVisible();
    expect.soft(await inView(error, 'the error notice'), `${at}: the error notice in view`).toEqual([]);
    expect.soft(await inView(page.getByRole('button', { name: 'Cerrar mensaje' }), 'its ×'), `${at}: the notice's × in view`).toEqual([]);
    expect.soft(await controlsUnder(error), `${at}: controls under the error notice`).toEqual([]);
    await saveDocScreen(page, `counter-notice-${at}`);
    // The notice in its new place keeps the counter clean for axe-core (WCAG 2.1 A/AA).
    expect.soft(await axeViolations(page), `${at}: axe on the counter with an error notice`).toEqual([]);
    // The quick keys and chips still take a tap with the notice up (nothing lies over them).
    const chip = page.getByRole('group', { name: /categor/i }).getByRole('button').first();
    if (await chip.isVisible()) await chip.click({ trial: true, timeout: 2_000 });
    await addByBarcode(page, EIGHT_BARCODES.slice(3, 4));
    await expect(error, `${at}: the error goes once a product is added`).toHaveCount(0);

    // Eight lines, the payment opened with F8 (cash by default): Tab to "Recibido en efectivo", as a cashier does.
    await addByBarcode(page, EIGHT_BARCODES.slice(4));
    await page.keyboard.press('F8');
    await expect(page.getByLabel('Medio de pago')).toBeFocused();
    const received = page.getByRole('textbox', { name: 'Recibido en efectivo' });
    // Opened, the panel shows the field whole, before the cashier goes to it.
    expect.soft(await wholeField(received, 'Recibido en efectivo'), `${at}: the cash field whole once the payment opens`).toEqual([]);
    for (let k = 0; k < 4 && !(await received.evaluate((el) => el === document.activeElement)); k++) await page.keyboard.press('Tab');
    await expect(received).toBeFocused();
    await page.keyboard.type('200000');
    expect.soft(await wholeField(received, 'Recibido en efectivo'), `${at}: the cash field whole in view`).toEqual([]);
    await expect(page.getByTestId('cash-change')).toBeVisible();
    expect.soft(await inView(page.getByTestId('cash-change'), 'the change'), `${at}: the change in view`).toEqual([]);
    if (at === '1093x614') await saveDocScreen(page, 'counter-payment-1093x614');
    await page.screenshot({ path: test.info().outputPath(`counter-payment-${at}.png`), scale: 'css' });
    // Tapped where it shows after the panel scrolled back to its top (a mouse or a finger, which do not scroll first).
    await page.locator('.side-scroll').evaluate((el) => { el.scrollTop = 0; });
    const box = await received.boundingBox();
    const clip = await page.locator('.side-scroll').boundingBox();
    if (box && clip) await page.mouse.click(box.x + box.width / 2, Math.min(box.y + 4, clip.y + clip.height - 4));
    await expect(received).toBeFocused();
    expect.soft(await wholeField(received, 'Recibido en efectivo (clicked)'), `${at}: the clicked cash field whole`).toEqual([]);

    // The customer panel (F4) in the same side column: its search field, focused, is whole too.
    await page.keyboard.press('Escape');
    await page.keyboard.press('F4');
    const customerSearch = page.getByRole('searchbox', { name: 'Buscar cliente' });
    await expect(customerSearch).toBeFocused();
    expect.soft(await wholeField(customerSearch, 'Buscar cliente'), `${at}: the customer search whole in view`).toEqual([]);

    // An info notice (the sale parked): it covers nothing either.
    await page.keyboard.press('Escape');
    await page.keyboard.press('F3');
    const parked = page.getByRole('status').filter({ hasText: 'Venta suspendida como n.º 1' });
    await expect(parked).toBeVisible();
    expect.soft(await controlsUnder(parked), `${at}: controls under the parked notice`).toEqual([]);
    await page.getByRole('button', { name: 'Cerrar mensaje' }).click();

    // History: the list, then a sale open; the columns that stay and those that give way, and axe on both.
    await openHistory(page);
    const list = page.getByRole('table', { name: 'Ventas encontradas' });
    const company = till.saleNumbers[1] ?? '';
    await expect(list.getByRole('row').filter({ hasText: company })).toBeVisible();
    expect.soft(await axeViolations(page), `${at}: axe on History's list`).toEqual([]);
    await list.getByRole('row').filter({ hasText: company }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    const columns = await historyHeaders(list);
    test.info().annotations.push({ type: 'history-open', description: `${at}: shown ${columns.shown.join(', ')}; gone ${columns.gone.join(', ')}` });
    for (const kept of KEPT) expect.soft(columns.shown.map(sameColumn), `${at}: History with a sale open keeps ${kept}`).toContain(kept);
    // What has gone is the start of the give-way order, never a column out of turn.
    const order = GIVE_WAY.flatMap((step) => step.map((id) => HEADER_OF[id] ?? id));
    expect.soft(order.slice(0, columns.gone.length).sort(), `${at}: columns gone in the give-way order`).toEqual([...columns.gone].sort());
    expect.soft(columns.shown, `${at}: History's columns with a sale open`).toEqual(HISTORY_OPEN[at]);
    expect.soft(columns.cut, `${at}: kept cells whole`).toEqual([]);
    expect.soft(await axeViolations(page), `${at}: axe on History with a sale open`).toEqual([]);
    // The top bar keeps "Vende: <name>" whole (tabs go under "Más" first), on History as on the counter.
    const nameCut = await page.locator('.person-name').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect.soft(nameCut, `${at}: "Vende: …" whole in the top bar on History`).toBe(false);
    await saveDocScreen(page, `history-open-${at}`);
  });
}
