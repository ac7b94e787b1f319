/**
 * Every back-office screen fits the counters' windows (1024×768 up to 1920×1080): nothing scrolls sideways, the
 * history keeps its sale number, customer, total and state in view, "Editar" far down the catalog shows its form
 * without scrolling, the receipt and the X report are drawn larger than paper to be read, and the owner's PIN is
 * asked in a modal that names the product it approves. Screenshots: backoffice-<screen>-<w>x<h>.png.
 */
import { test, expect, type Page } from '@playwright/test';
import { consumidorFinal } from '../../shared/customer';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { goToScreen, openHistory, openTill, saveScreen } from './counter';

const SIZES = [[1024, 768], [1093, 614], [1280, 800], [1366, 768], [1920, 1080]] as const;
const PRODUCTS = 110;
const BUYER = {
  identification_type: '31', identification: '800197268', dv: '4', person_type: '1',
  name: 'Distribuidora Mayorista de Víveres y Abarrotes El Faro del Caribe S.A.S.',
  tax_regime: '48', email: 'compras@elfaro.example.co', municipality_code: '05001',
};
const OWNER = { name: 'Ana Dueña', pin: '2468' };
const CASHIER = { name: 'Beto Cajero', pin: '1357' };

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

/** Products with long names (a shop's real catalog) and a few sales, through the bridge the page uses. */
async function seed(running: AppProcess): Promise<void> {
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return `PRB-${n};Producto de prueba ${n} con un nombre largo de estantería;77099${String(10000000 + i)};94;12.500;IVA;19;Despensa`;
  });
  const csv = ['codigo;nombre;codigos_barras;unidad;precio_con_iva;impuesto;tarifa;categoria', ...rows].join('\r\n');
  const imported = await callCore(running, 'catalog.importCommit', { file: Buffer.from(`${csv}\r\n`, 'latin1').toString('base64') });
  expect(imported.created).toBe(PRODUCTS);
  const items = [{ code: 'CAF-500', name: 'Café molido tradicional 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] }];
  for (let i = 0; i < 6; i++) {
    const customer = i % 2 === 0 ? BUYER : consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    await callCore(running, 'sales.charge', { customer, items, payment: { form_code: '1', means_code: i % 3 === 0 ? '10' : '47' } });
  }
}

/** What sticks out: the page wider than the window, a scroller wider inside than its box, an element past the main region's edge. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`;
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`document ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    const main = document.querySelector('main');
    if (!main) return ['no main region'];
    const edge = main.getBoundingClientRect().right;
    for (const el of [main, ...main.querySelectorAll('*')]) {
      if (el.closest('select, svg')) continue;
      const style = getComputedStyle(el);
      const scroller = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scroller && el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > edge + 1) found.push(`${name(el)} ends at ${Math.round(box.right)} past ${Math.round(edge)}`);
    }
    return found.slice(0, 10);
  });
}

async function fits(page: Page, what: string): Promise<void> {
  expect(await overflow(page), what).toEqual([]);
}

test('every back-office screen fits 1024×768 … 1920×1080 without a sideways scroll; the PIN dialog is modal and names the product', async ({ page }) => {
  test.setTimeout(240_000);
  app = await startApp();
  await seed(app);
  await openTill(page, app);

  for (const [width, height] of SIZES) {
    const size = `${width}x${height}`;
    await page.setViewportSize({ width, height });

    // History: the four columns that always stay (number, time, total, state: issue 29) are inside the window; the
    // link is the short sale number.
    await openHistory(page);
    const table = page.getByRole('table', { name: 'Ventas encontradas' });
    const first = table.locator('tbody tr:not([aria-hidden])').first();
    await expect(first).toBeVisible();
    for (const cell of ['td.sale-number', 'td.c-date', 'td.c-total', 'td.c-state']) await expect(first.locator(cell), `${cell} at ${size}`).toBeInViewport();
    await expect(first.locator('td.sale-number button')).toHaveText(/^Caja 1\s·\s\d{6}$/);
    await fits(page, `history ${size}`);
    await first.locator('td.sale-number button').click();
    const detail = page.getByRole('region', { name: /^Venta Caja 1 · \d{6}$/ });
    await expect(detail).toBeInViewport();
    await expect(detail.locator('.cufe, .reference').first()).toBeVisible();
    await fits(page, `history with the detail ${size}`);
    await saveScreen(page, `backoffice-history-${size}`);

    // The receipt, larger than paper on screen.
    await detail.getByRole('button', { name: /^Ver (factura|comprobante)/ }).click();
    const paper = page.getByTestId('receipt');
    await expect(paper).toBeVisible();
    expect(await paper.evaluate((el) => (el as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1)).toBeGreaterThan(1.2);
    await fits(page, `receipt ${size}`);
    await saveScreen(page, `backoffice-receipt-${size}`);
    await page.keyboard.press('Escape');

    // Catalog: Editar on the last row of the list opens its form in view, its first field ready.
    await page.keyboard.press('F6');
    await expect(page.getByRole('heading', { name: 'Catálogo de productos', level: 1 })).toBeVisible();
    const rows = page.locator('table.catalog-table tbody tr');
    await expect(rows).toHaveCount(100);
    await fits(page, `catalog ${size}`);
    const last = rows.last();
    const code = (await last.locator('td').first().textContent()) ?? '';
    await last.getByRole('button', { name: 'Editar' }).click();
    const form = page.getByRole('form', { name: `Editar ${code}` });
    await expect(form).toBeInViewport();
    await expect(page.getByRole('heading', { name: /^Editar: Producto de prueba/, level: 2 })).toBeInViewport();
    await expect(page.locator('#product-name')).toBeFocused();
    await expect(page.locator('#product-name')).toBeInViewport();
    const actions = await last.locator('.row-actions button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(actions).size, 'Editar and Desactivar side by side').toBe(1);
    await fits(page, `catalog editing ${size}`);
    await saveScreen(page, `backoffice-catalog-${size}`);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await goToScreen(page, 'Clientes');
    await expect(page.getByRole('heading', { name: 'Directorio de clientes', level: 1 })).toBeVisible();
    await fits(page, `customers ${size}`);
    await saveScreen(page, `backoffice-customers-${size}`);

    await goToScreen(page, 'Personas');
    await expect(page.getByRole('heading', { name: 'Personas', level: 1 })).toBeVisible();
    await fits(page, `people ${size}`);
    await saveScreen(page, `backoffice-people-${size}`);

    // Turno: the minutes field sized to its number; the X report whole in its panel.
    await goToScreen(page, 'Turno');
    await expect(page.getByRole('heading', { name: 'Turno de caja', level: 1 })).toBeVisible();
    // The screen draws at once and asks the core for the shift: wait for its answer before choosing.
    const openShift = page.getByRole('button', { name: 'Abrir turno' });
    await expect(openShift.or(page.getByRole('button', { name: 'Informe X' }))).toBeVisible();
    if (await openShift.isVisible()) {
      await page.getByLabel('Efectivo inicial (base)').fill('100000');
      await page.getByRole('button', { name: 'Abrir turno' }).click();
    }
    expect((await page.locator('#unsent-alert').boundingBox())?.width ?? 0).toBeLessThan(120);
    await page.getByRole('button', { name: 'Informe X' }).click();
    const report = page.getByTestId('shift-report');
    await expect(report).toBeVisible();
    expect(await report.evaluate((el) => (el as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1)).toBeGreaterThan(1.2);
    const total = page.getByTestId('report-total');
    const inside = await total.evaluate((el) => {
      const panel = el.closest('.list-detail-panel')?.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return panel ? box.right <= panel.right && box.left >= panel.left : false;
    });
    expect(inside, `X report total inside its panel at ${size}`).toBe(true);
    await fits(page, `shift ${size}`);
    await saveScreen(page, `backoffice-shift-${size}`);

    await page.keyboard.press('F10');
    await expect(page.getByRole('heading', { name: 'Conexión' }).first()).toBeVisible();
    await fits(page, `settings ${size}`);
    await saveScreen(page, `backoffice-settings-${size}`);
    await page.keyboard.press('F2');
  }

  // The owner's PIN: a cashier deactivates a product; the dialog is modal, over a backdrop, and names the product.
  await callCore(app, 'people.save', { person: { name: OWNER.name, role: 'owner', active: true, pin: OWNER.pin } });
  const cashier = await callCore(app, 'people.save', { person: { name: CASHIER.name, role: 'cashier', active: true, pin: CASHIER.pin } });
  await callCore(app, 'people.signIn', { personId: cashier.id, pin: CASHIER.pin });
  // With people set up a till sells inside a shift (issue 26).
  if (!(await callCore(app, 'shifts.current', {}))) await callCore(app, 'shifts.open', { openingCash: 0 });
  await page.setViewportSize({ width: 1024, height: 768 });
  await openTill(page, app);
  await page.keyboard.press('F6');
  await page.getByLabel('Buscar en el catálogo').fill('PRB-007');
  const product = page.getByRole('row').filter({ hasText: 'PRB-007' });
  await product.getByRole('button', { name: 'Desactivar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Se necesita el PIN del dueño' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('owner-pin-what')).toHaveText('Desactivar el producto «Producto de prueba 007 con un nombre largo de estantería»');
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  expect(await dialog.evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor)).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  await expect(dialog.getByLabel('PIN del dueño')).toBeFocused();
  // The window behind is inert: its buttons cannot take the focus, a click outside does nothing.
  expect(await page.evaluate(() => {
    const behind = document.querySelector<HTMLElement>('.top-bar button');
    behind?.focus();
    return document.activeElement === behind;
  })).toBe(false);
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await saveScreen(page, 'backoffice-owner-pin-1024x768');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await callCore(app, 'catalog.get', { code: 'PRB-007' })).toMatchObject({ active: true });
});
