/**
 * The small things a cashier notices (issue 7): no console errors (favicon), "Reintentar ahora" only after a
 * failure, the short sale number on the sale screen, the receipt and in history search, service statuses in words,
 * "1 venta", amounts that never break after "$", a QR readable from a 1× screenshot at 58 and 80 mm, "Guardar PDF"
 * in browser mode, the "Corrija…" notice going once fixed, "Nuevo cliente" keeping the typed number, and a cart
 * whose amounts fit at 1024×768.
 */
import { test, expect, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { decodeQrDataUri } from '../support/qr-decode';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore, latestSale } from './core-bridge';
import { cart, emptyCart, lineInput, openCustomerPanel, openLine, openHistory, openTill, receipt, saveScreen, scan, statusBar } from './counter';

const LECHE = { name: 'Leche entera 1 L', barcode: '7702001001040' };
const CAFE = { name: 'Café molido tradicional 500 g', barcode: '7702001001002' };

let app: AppProcess | null = null;

test.use({ deviceScaleFactor: 1 });

test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

async function scanInto(page: Page, barcode: string, name: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await scan(page, barcode);
  await expect(cart(page).getByRole('rowheader', { name: new RegExp(name) })).toBeVisible();
}

test('counter details: console, status bar, short number, history words, receipt spacing and a QR readable at 1×', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('requestfailed', (r) => consoleErrors.push(`failed: ${r.url()}`));
  // The browser's print dialog cannot be driven from a test: note that the page asked for it instead.
  await page.addInitScript(() => { (window as unknown as { printed: number }).printed = 0; window.print = () => { (window as unknown as { printed: number }).printed++; }; });
  app = await startApp();
  await openTill(page, app);
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);

  // A bad quantity, Cobrar: the notice says to fix it, and goes as soon as the value is fixed.
  await scanInto(page, LECHE.barcode, LECHE.name);
  await openLine(page, LECHE.name);
  await lineInput(page, 'Cantidad', LECHE.name).fill('0');
  await page.keyboard.press('F12');
  const notice = page.locator('.notice-region');
  await expect(notice).toContainText('Corrija los valores marcados en rojo');
  await lineInput(page, 'Cantidad', LECHE.name).fill('1');
  await expect(notice).not.toContainText('Corrija');

  // "Nuevo cliente" keeps the number typed in the customer search.
  await openCustomerPanel(page);
  await page.getByLabel('Buscar cliente').fill('1020304050');
  await expect(page.getByText('Ningún cliente coincide.')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  await expect(page.getByLabel('Número de identificación')).toHaveValue('1020304050');
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  const sale = await latestSale(app);
  const label = `Caja 1 · ${String(sale.shortNumber).padStart(6, '0')}`;
  await expect(page.getByTestId('last-sale-number')).toHaveText(label);
  await expect(page.getByTestId('last-sale-number')).toHaveAttribute('title', sale.referenceCode);
  await expect(page.getByText('Última venta')).not.toContainText(sale.referenceCode); // the short number, not the 32 characters
  // Online with a sale pending and nothing failed: no "Reintentar ahora".
  await expect(statusBar(page).getByRole('button', { name: 'Reintentar ahora' })).toHaveCount(0);

  // History: found by its short number, counted in the singular, the service's status in words once validated.
  await openHistory(page);
  await page.getByLabel('Buscar', { exact: true }).fill(String(sale.shortNumber).padStart(6, '0'));
  await expect(page.getByText('1 venta', { exact: true })).toBeVisible();
  const row = page.getByRole('table', { name: 'Ventas encontradas' }).getByRole('row').filter({ hasText: sale.referenceCode });
  await expect(row).toContainText(label);
  await expect(row).toContainText('Validada', { timeout: 30_000 });
  await row.getByRole('button', { name: `Ver detalle de la venta ${sale.referenceCode}` }).click();
  const detail = page.getByRole('region', { name: new RegExp(`Venta ${label}`) });
  await expect(detail).toContainText('Validada');
  await expect(detail).not.toContainText('VALIDATED');

  // The receipt: its number, amounts kept with their "$", and the QR read back from a 1× screenshot of the paper.
  await page.getByRole('button', { name: 'Ver factura' }).click();
  await expect(receipt(page).getByRole('heading', { level: 1 })).toHaveText('Factura electrónica de venta');
  await expect(receipt(page).getByTestId('receipt-sale-number')).toHaveText(label);
  const qr = receipt(page).getByRole('img', { name: 'Código QR para consultar la factura en la DIAN' });
  const qrUrl = (await callCore(app, 'sales.get', { id: sale.id }))?.qrUrl ?? '';
  expect(qrUrl).toMatch(/^https:\/\/catalogo-vpfe/);
  // On screen the paper is drawn larger than paper and scrolls inside the window: a tall window shows it whole.
  await page.setViewportSize({ width: 1366, height: 2400 });
  for (const width of ['80 mm', '58 mm']) {
    await page.getByRole('radio', { name: width }).check();
    await expect(qr).toHaveClass(/fitted/);
    // Whole device pixels per module, and at least 4 modules of quiet zone (the image's own margin + padding).
    const shown = await qr.evaluate((img: HTMLImageElement) => {
      const style = getComputedStyle(img);
      // On screen the paper is zoomed to be read: a CSS pixel of the image is dpr × zoom device pixels.
      const zoom = Math.round(((img as HTMLImageElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1) * 1000) / 1000;
      return { width: parseFloat(style.width), padding: parseFloat(style.paddingLeft), natural: img.naturalWidth, dpr: window.devicePixelRatio * zoom };
    });
    const modules = QRCode.create(qrUrl, { errorCorrectionLevel: 'M' }).modules.size;
    const across = [modules + 4, modules + 8].find((n) => shown.natural % n === 0)!; // the service's margin 2, or ours 4
    const devicePerModule = (shown.width * shown.dpr) / across;
    expect(Math.abs(devicePerModule - Math.round(devicePerModule)) < 1e-5 && devicePerModule >= 2, `${devicePerModule} device px per module`).toBe(true);
    expect((across - modules) / 2 + (shown.padding * shown.dpr) / devicePerModule).toBeGreaterThanOrEqual(4);
    expect(shown.width).toBeGreaterThanOrEqual(94); // at least 25 mm
    const text = await receipt(page).evaluate((el) => (el as HTMLElement).innerText);
    expect(text).toMatch(/\$\u00A0\d/);
    expect(text).not.toMatch(/\$[ \n]\d|\d[ \n]%/);
    const shot = await receipt(page).screenshot({ scale: 'device' });
    expect(decodeQrDataUri(`data:image/png;base64,${shot.toString('base64')}`).text).toBe(qrUrl);
    await saveScreen(page, `receipt-1x-${width.replace(' ', '')}`, receipt(page));
  }
  await page.setViewportSize({ width: 1366, height: 800 });

  // Guardar PDF in browser mode: Spanish guidance to the print dialog, no blame on the invoicing service.
  await page.getByRole('button', { name: 'Guardar PDF' }).click();
  await expect(notice).toContainText('«Guardar como PDF»');
  await expect(notice).not.toContainText('servicio de facturación');
  await expect(notice).not.toContainText('Save as PDF');
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  expect(consoleErrors).toEqual([]);
});

test('the cart shows every amount whole at 1024×768', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  app = await startApp();
  await openTill(page, app);
  await scanInto(page, CAFE.barcode, CAFE.name);
  await openLine(page, CAFE.name);
  await lineInput(page, 'Cantidad', CAFE.name).fill('9999');
  await lineInput(page, 'Desc. %', CAFE.name).fill('12,5');
  const amount = cart(page).locator('.line-amount').first();
  await expect(amount).toContainText('$');
  const fits = await page.evaluate(() => {
    const scroll = document.querySelector('.cart-scroll') as HTMLElement;
    const cell = document.querySelector('.cart .line-amount') as HTMLElement;
    const box = scroll.getBoundingClientRect();
    const cellBox = cell.getBoundingClientRect();
    const total = document.querySelector('[data-testid="sale-total"]') as HTMLElement;
    const panel = (document.querySelector('.totals') as HTMLElement).getBoundingClientRect();
    return {
      overflow: scroll.scrollWidth - scroll.clientWidth, cellRight: cellBox.right, boxRight: box.right,
      cellOverflow: cell.scrollWidth - cell.clientWidth, totalRight: total.getBoundingClientRect().right, panelRight: panel.right,
      totalOverflow: total.scrollWidth - total.clientWidth,
    };
  });
  expect(fits.overflow).toBeLessThanOrEqual(0);
  expect(fits.cellOverflow).toBeLessThanOrEqual(0);
  expect(fits.cellRight).toBeLessThanOrEqual(fits.boxRight);
  expect(fits.totalOverflow).toBeLessThanOrEqual(0);
  expect(fits.totalRight).toBeLessThanOrEqual(fits.panelRight);
  await expect(lineInput(page, 'Desc. %', CAFE.name)).toHaveValue('12,5');
  await saveScreen(page, 'sale-1024x768');
});
