/**
 * The receipt as paper: the fiscal receipt view rendered to PDF by Chromium under print media (what "Save as PDF" in
 * the print dialog produces in browser mode). Only the paper may print: one narrow page with the QR image on it.
 */
import { execFileSync } from 'node:child_process';
import { test, expect } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { latestSale } from './core-bridge';
import { emptyCart, historyRow, openHistory, openTill, receipt, saveScreen, scan } from './counter';

const LECHE = { name: 'Leche entera 1 L', barcode: '7702001001040' };

let app: AppProcess | null = null;

test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const PT_PER_MM = 72 / 25.4;

/** The first page's MediaBox [x0 y0 x1 y1] in points. */
function pageBox(pdf: Buffer): number[] {
  const box = pdf.toString('latin1').match(/\/MediaBox\s*\[\s*([\d.\s-]+)\]/);
  return (box?.[1] ?? '').trim().split(/\s+/).map(Number);
}

function pdftotext(pdf: Buffer): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, timeout: 10_000 }).toString();
  } catch {
    return null; // poppler-utils is not installed: the structural checks below still hold
  }
}

test('receipt PDF: the validated receipt prints to a one-page PDF holding only the paper and its QR image', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, LECHE.barcode);
  await expect(page.getByRole('rowheader', { name: new RegExp(LECHE.name) })).toBeVisible();
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  const sale = await latestSale(app);

  await openHistory(page);
  const row = historyRow(page, sale.referenceCode);
  await expect(row).toContainText('Validada', { timeout: 30_000 });
  await saveScreen(page, 'history');
  await row.getByRole('button', { name: `Ver detalle de la venta ${sale.referenceCode}` }).click();
  await page.getByRole('button', { name: 'Ver factura' }).click();
  await expect(receipt(page).getByRole('heading', { level: 1 })).toHaveText('Factura electrónica de venta');
  await expect(receipt(page).getByRole('img')).toBeVisible();
  await expect.poll(() => receipt(page).getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Resolución 000042 de 2020, art. 11: the numbering authorisation (demo: the sandbox's range) and the software maker.
  await expect(receipt(page).getByTestId('receipt-authorization')).toContainText('Autorización de numeración DIAN N.º 18760000001');
  await expect(receipt(page).getByTestId('receipt-authorization')).toContainText('Rango autorizado: SETP990000000 al SETP995000000');
  await expect(receipt(page).getByTestId('receipt-software')).toContainText('Software: Mostrador · Fabricante:');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('toolbar', { name: 'Acciones del comprobante' })).toBeHidden();
  await expect(page.getByRole('contentinfo', { name: 'Estado' })).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });

  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-1024).toString('latin1')).toContain('%%EOF');
  expect(pdf.length).toBeGreaterThan(10_000); // text, fonts and the QR image
  expect(pdf.length).toBeLessThan(2_000_000);
  const body = pdf.toString('latin1');
  const pages = body.match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages).toHaveLength(1);
  expect(body).toMatch(/\/Subtype\s*\/Image/); // the QR
  // The print stylesheet's page is the receipt's paper (80 × 297 mm, as the Electron shell's printToPDF), not Letter.
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = pageBox(pdf);
  expect((x1 - x0) / PT_PER_MM).toBeCloseTo(80, 0);
  expect((y1 - y0) / PT_PER_MM).toBeCloseTo(297, 0);
  const text = pdftotext(pdf);
  if (text !== null) {
    expect(text).toContain('Factura electrónica de venta');
    expect(text).toContain(sale.referenceCode.slice(0, 6));
    expect(text.replace(/\s+/g, ' ')).toContain('Vigencia: 2024-01-01 a 2099-12-31');
  }

  // 58 mm paper prints on a 58 mm page.
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('radio', { name: '58 mm' }).check();
  await expect(page.locator('.receipt-paper.paper-58')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const narrow = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const [n0 = 0, , n1 = 0] = pageBox(narrow);
  expect((n1 - n0) / PT_PER_MM).toBeCloseTo(58, 0);
  expect(narrow.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(1);
});
