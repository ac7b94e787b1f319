/**
 * The owner loads their own catalog and the counter sells it at the shelf price: a CSV (Windows-1252, `;`, decimal
 * comma) with one bad row is refused with the row and column named and nothing imported; fixed and chosen again,
 * it imports; a product with a shelf price with IVA included is scanned, charged, and the validated receipt shows
 * exactly that price as the total.
 */
import { test, expect } from '@playwright/test';
import { formatCop } from '../../shared/money';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore, latestSale } from './core-bridge';
import { cart, emptyCart, openTill, receipt, saleTotal, saveScreen, scan } from './counter';

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const HEADER = 'codigo;nombre;codigos_barras;unidad;precio_con_iva;impuesto;tarifa;categoria';
const GOOD_ROW = 'LIM-15;Gaseosa limón 1,5 L;7709900000015;94;5.000;IVA;19;Bebidas';
const csvFile = (rows: string[]) => ({
  name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`, 'latin1'),
});

test('CSV with one bad row → error by row and column, nothing imported → fixed → imported; sold at its shelf price with IVA, that exact total on the validated receipt', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { name: 'Catálogo de productos', level: 1 })).toBeVisible();

  // Row 3 has a tax rate in words.
  await page.getByLabel('Archivo CSV del catálogo').setInputFiles(csvFile([GOOD_ROW, 'CAF-EXP;Café de exportación 250 g;7709900000022;94;21.900;IVA;diecinueve;Despensa']));
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('1 error: corríjalo en el archivo y vuelva a elegirlo. No se importó nada.');
  await expect(errors.getByRole('row').nth(1)).toHaveText(['3', 'tarifa', '«diecinueve» no es un número'].join(''));
  await expect(page.getByRole('button', { name: /^Importar \d+ productos$/ })).toHaveCount(0);
  await saveScreen(page, 'catalog-import-error');
  expect(await callCore(app, 'catalog.get', { code: 'LIM-15' })).toBeNull();

  await page.getByLabel('Archivo CSV del catálogo').setInputFiles(csvFile([GOOD_ROW, 'CAF-EXP;Café de exportación 250 g;7709900000022;94;21.900;IVA;19;Despensa']));
  await expect(page.getByText('2 filas: 2 productos nuevos y 0 actualizados.')).toBeVisible();
  await page.getByRole('button', { name: 'Importar 2 productos' }).click();
  await expect(page.getByText('Importación lista: 2 nuevos, 0 actualizados.')).toBeVisible();
  expect(await callCore(app, 'catalog.get', { code: 'LIM-15' })).toMatchObject({ price: '4201.68', shelfPrice: '5000.00' });
  await page.getByLabel('Buscar en el catálogo').fill('gaseosa limon');
  await expect(page.getByRole('cell', { name: /Gaseosa limón 1,5 L/ })).toBeVisible();
  await saveScreen(page, 'catalog');

  // At the counter: the shelf price is what the customer pays, to the peso.
  await page.keyboard.press('F2');
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, '7709900000015');
  await expect(cart(page).getByRole('rowheader', { name: /Gaseosa limón/ })).toBeVisible();
  await expect(saleTotal(page)).toHaveText(formatCop('5000.00', 'es-CO'));
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  const sale = await latestSale(app);
  expect(sale.items[0]).toMatchObject({ code: 'LIM-15', price: 4201.68, taxes: [{ code: '01', rate: 19 }] });
  expect(sale.totals.payable).toBe('5000.00');

  await page.getByRole('button', { name: 'Ver comprobante' }).click();
  await expect(receipt(page).getByRole('heading', { level: 1 })).toHaveText('Factura electrónica de venta', { timeout: 30_000 });
  await expect(receipt(page)).toContainText(formatCop('5000.00', 'es-CO'));
  await expect(receipt(page)).toContainText(formatCop('798.32', 'es-CO'));
  await saveScreen(page, 'receipt-shelf-price', receipt(page));
});
