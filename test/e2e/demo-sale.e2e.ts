/**
 * Demo mode end to end: a sale rung up with a scanner and the search, charged with F12, validated by the embedded
 * demo service (2 s after it arrives), and its receipt: provisional first, then the fiscal one whose QR — read back
 * from the pixels on screen — is the document's qr_url.
 */
import { test, expect } from '@playwright/test';
import { isCufe } from '../../shared/api/document';
import { calculateTotals, formatCop, type LineInput } from '../../shared/money';
import { decodeQrDataUri } from '../support/qr-decode';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore, latestSale } from './core-bridge';
import {
  addBySearch, cart, emptyCart, lineFigures, lineInput, openCustomerPanel, openLine, openTill, productSearch, receipt, saleTotal, saveScreen, scan, statusBar,
} from './counter';

// From electron/core/app/demo-catalog.ts.
const CAFE = { name: 'Café molido tradicional 500 g', barcode: '7702001001002', price: '18900', tax: { code: '01', rate: '5' } };
const ARROZ = { name: 'Arroz blanco 1 kg', price: '4950', tax: { code: '01', rate: '0' } };

let app: AppProcess | null = null;

test.use({ deviceScaleFactor: 3 }); // the QR is 25 mm on screen: three device pixels per CSS pixel keep its modules sharp

test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

test('demo sale: scanner + search + discount, live total = shared calculation, F12, validated receipt whose on-screen QR is the qr_url', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await expect(statusBar(page).getByText('DEMO', { exact: true })).toBeVisible();

  // The scanner types into whatever has focus; take it off every field first.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, CAFE.barcode);
  await expect(cart(page).getByRole('rowheader', { name: new RegExp(CAFE.name) })).toBeVisible();
  await scan(page, CAFE.barcode);
  await expect(lineFigures(page, CAFE.name)).toContainText('2 × $ 18.900'); // the second scan adds to the same line
  await expect(productSearch(page)).toHaveValue('');

  await addBySearch(page, 'arroz', ARROZ.name);
  // A line's quantity and discount are changed in its line panel (a click on its row).
  await openLine(page, ARROZ.name);
  await lineInput(page, 'Cantidad', ARROZ.name).fill('3');
  await openLine(page, CAFE.name);
  await lineInput(page, 'Desc. %', CAFE.name).fill('10');
  await expect(lineFigures(page, CAFE.name)).toContainText('2 × $ 18.900 · desc. 10 % · IVA 5 %');

  const lines: LineInput[] = [
    { quantity: '2', price: CAFE.price, discount_rate: '10', taxes: [CAFE.tax] },
    { quantity: '3', price: ARROZ.price, discount_rate: '0', taxes: [ARROZ.tax] },
  ];
  const totals = calculateTotals(lines);
  await expect(saleTotal(page)).toHaveText(formatCop(totals.payable, 'es-CO'));
  await expect(page.getByRole('region', { name: 'Totales' })).toContainText(formatCop(totals.discount, 'es-CO'));

  // A known customer for the receipt: the new-customer form (cédula; the DV is computed from the number).
  await openCustomerPanel(page);
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  await page.getByLabel('Número de identificación').fill('1020304050');
  await expect(page.getByLabel('DV', { exact: true })).not.toHaveValue('');
  await page.getByLabel('Nombre o razón social').fill('María Fernanda Rojas');
  await page.getByLabel('Correo electrónico').fill('maria.rojas@example.co');
  await page.getByLabel('Municipio (nombre o código DIVIPOLA)').fill('05001');
  await saveScreen(page, 'customer-form');
  await page.getByRole('button', { name: 'Guardar y usar' }).click();
  await expect(page.getByTestId('current-customer')).toContainText('María Fernanda Rojas');

  await page.keyboard.press('F8');
  await expect(page.getByLabel('Medio de pago')).toBeFocused();
  await page.getByLabel('Medio de pago').selectOption('49');
  await saveScreen(page, 'payment');
  await saveScreen(page, 'sale');

  await page.keyboard.press('F12');
  // Durable in the outbox and the counter is free for the next customer at once, long before any validation.
  await expect(emptyCart(page)).toBeVisible();
  await expect(page.getByTestId('current-customer')).toContainText('Consumidor final');
  await expect(productSearch(page)).toBeFocused();
  const sale = await latestSale(app);
  expect(sale.totals.payable).toBe(totals.payable);
  expect(sale.customer.name).toBe('María Fernanda Rojas');
  expect(sale.payment.means_code).toBe('49');
  // "Última venta" leads with the short number; the long reference is its title.
  await expect(page.getByTestId('last-sale-number')).toHaveText(`Caja 1 · ${String(sale.shortNumber).padStart(6, '0')}`);
  await expect(page.getByTestId('last-sale-number')).toHaveAttribute('title', sale.referenceCode);

  // Fresh sale: the demo service validates 2 s after it arrives, so this is still the provisional slip.
  await page.getByRole('button', { name: 'Ver comprobante' }).click();
  await expect(receipt(page)).toHaveAttribute('aria-label', 'Comprobante provisional — no es una factura electrónica');
  await expect(receipt(page).getByRole('note')).toHaveText('COMPROBANTE PROVISIONAL — NO ES UNA FACTURA ELECTRÓNICA');
  await expect(receipt(page)).not.toContainText('CUFE');
  await expect(receipt(page).getByRole('img')).toHaveCount(0);
  await saveScreen(page, 'receipt-provisional', receipt(page));

  // The receipt refreshes itself when the sale is validated.
  await expect(receipt(page).getByRole('heading', { level: 1 })).toHaveText('Factura electrónica de venta', { timeout: 30_000 });
  const validated = await callCore(app, 'sales.get', { id: sale.id });
  expect(validated?.state).toBe('validated');
  const { fullNumber, cufe, qrUrl } = validated ?? {};
  expect(fullNumber).toMatch(/^SETP\d+$/);
  expect(isCufe(cufe)).toBe(true);
  expect(qrUrl).toBeTruthy();
  await expect(receipt(page)).toContainText(fullNumber as string);
  await expect(receipt(page)).toContainText(`CUFE: ${cufe}`);
  await expect(receipt(page)).toContainText('María Fernanda Rojas');
  await expect(receipt(page)).toContainText(formatCop(totals.payable, 'es-CO'));
  await expect(receipt(page).getByRole('note')).toHaveCount(0);
  await expect(statusBar(page).getByText('Todo enviado')).toBeVisible();

  const qr = receipt(page).getByRole('img', { name: 'Código QR para consultar la factura en la DIAN' });
  const readQr = async () => decodeQrDataUri(`data:image/png;base64,${(await qr.screenshot()).toString('base64')}`).text;
  expect(await readQr()).toBe(qrUrl);
  await saveScreen(page, 'receipt-fiscal-80', receipt(page));

  await page.getByRole('radio', { name: '58 mm' }).check();
  await expect(page.locator('.receipt-paper.paper-58')).toBeVisible();
  expect(await readQr()).toBe(qrUrl);
  await saveScreen(page, 'receipt-fiscal-58', receipt(page));
});
