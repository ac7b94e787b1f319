/**
 * Closing the day as the owner would: open a shift with the drawer's cash, sell in cash and by card, close the shift
 * counting bills and coins with 50 pesos missing, and print the Z report. Its figures are checked against the sales
 * the core recorded (each sale's own totals, added with shared/money.ts), on screen and in the printed PDF.
 */
import { execFileSync } from 'node:child_process';
import { test, expect } from '@playwright/test';
import { cashDue, formatCop, ON_PAPER, sumAmounts } from '../../shared/money';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { addBySearch, emptyCart, openPaymentPanel, openTill, saveScreen, scan } from './counter';

const CAFE = { name: 'Café molido tradicional 500 g' };
const ACEITE = { barcode: '7702001001033' };

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const cop = (amount: string) => formatCop(amount, 'es-CO');
/** The X and Z reports are the paper: two decimals always. */
const paper = (amount: string) => formatCop(amount, 'es-CO', ON_PAPER);

function pdftotext(pdf: Buffer): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, timeout: 10_000 }).toString();
  } catch {
    return null; // poppler-utils is not installed: the structural checks still hold
  }
}

test('a shift closed with 50 pesos missing: the Z report adds up to the sales and prints on receipt paper', async ({ page }) => {
  // The browser's print dialog cannot be driven from a test: note that the page asked for it instead.
  await page.addInitScript(() => { (window as unknown as { printed: number }).printed = 0; window.print = () => { (window as unknown as { printed: number }).printed++; }; });
  app = await startApp();
  await openTill(page, app);

  await page.getByRole('button', { name: 'Turno' }).click();
  await expect(page.getByText('No hay un turno abierto en esta caja.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Efectivo inicial (base)' }).fill('100000');
  await page.getByRole('button', { name: 'Abrir turno' }).click();
  await expect(page.getByText(/Turno abierto desde/)).toBeVisible();

  // A cash sale (19 845,00, asked 19 850 in cash) and a debit-card sale.
  await page.getByRole('button', { name: /^Venta/ }).click();
  await addBySearch(page, 'café molido', CAFE.name);
  await page.getByRole('textbox', { name: 'Recibido en efectivo' }).fill('20000');
  await page.keyboard.press('F12');
  await expect(emptyCart(page)).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, ACEITE.barcode);
  await openPaymentPanel(page);
  await page.getByLabel('Medio de pago').selectOption('49');
  await page.getByRole('button', { name: /^Cobrar/ }).click();
  await expect(emptyCart(page)).toBeVisible();

  // Once the DIAN (the demo service) has validated both, nothing is left unsent and the close asks nothing.
  await expect.poll(async () => (await callCore(app!, 'sales.search', { state: 'validated', limit: 10 })).total, { timeout: 30_000 }).toBe(2);
  const { sales } = await callCore(app, 'sales.search', { limit: 10 });
  const details = await Promise.all(sales.map((s) => callCore(app!, 'sales.get', { id: s.id })));
  const cash = details.find((d) => d?.payment.means_code === '10')!;
  const card = details.find((d) => d?.payment.means_code === '49')!;
  const total = sumAmounts(details.map((d) => d!.totals.payable));
  const taxTotal = sumAmounts(details.map((d) => d!.totals.tax_total));

  await page.getByRole('button', { name: 'Turno' }).click();
  await page.getByRole('button', { name: 'Informe X' }).click();
  await expect(page.getByTestId('shift-report')).toContainText('Informe X');
  await expect(page.getByTestId('report-total')).toHaveText(paper(total));

  await page.getByRole('button', { name: 'Cerrar turno' }).click();
  // 100 000 + 10 000 + 5 000 + 2 × 2 000 + 500 + 200 + 100 = 119 800; expected 100 000 + 19 850 = 119 850.
  const count: Array<[string, string]> = [
    ['Billetes $\u00A0100.000', '1'], ['Billetes $\u00A010.000', '1'], ['Billetes $\u00A05.000', '1'], ['Billetes $\u00A02.000', '2'],
    ['Monedas $\u00A0500', '1'], ['Monedas $\u00A0200', '1'], ['Monedas $\u00A0100', '1'],
  ];
  for (const [name, pieces] of count) await page.getByRole('spinbutton', { name, exact: true }).fill(pieces);
  await expect(page.getByTestId('counted-total')).toHaveText(cop('119800'));
  await page.getByRole('button', { name: 'Cerrar turno con este conteo' }).click();

  const z = page.getByTestId('shift-report');
  await expect(z).toContainText('Informe Z (cierre de turno)');
  await expect(z.getByTestId('report-sales-count')).toHaveText('2');
  await expect(z.getByTestId('report-total')).toHaveText(paper(total));
  await expect(z.getByTestId('report-tax-total')).toHaveText(paper(taxTotal));
  await expect(z.getByTestId('report-means-10')).toHaveText(paper(cash.totals.payable));
  await expect(z.getByTestId('report-means-49')).toHaveText(paper(card.totals.payable));
  await expect(z.getByTestId('report-validated')).toHaveText(paper(total));
  await expect(z.getByTestId('report-expected')).toHaveText(paper(sumAmounts(['100000', cashDue(cash.totals.payable)])));
  await expect(z.getByTestId('report-counted')).toHaveText(paper('119800'));
  await expect(z.getByTestId('report-difference')).toHaveText(`${paper('-50')} faltante`);
  for (const taxes of details.flatMap((d) => d!.totals.taxes)) await expect(z.getByTestId(`report-tax-${taxes.code}-${taxes.rate}`)).toBeVisible();
  await saveScreen(page, 'shift-z-report', z);
  expect((await callCore(app, 'shifts.current', {}))).toBeNull();

  // Print: browser mode hands the page to the browser's print dialog, which prints only the paper.
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Turno de caja' })).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const box = (pdf.toString('latin1').match(/\/MediaBox\s*\[\s*([\d.\s-]+)\]/)?.[1] ?? '').trim().split(/\s+/).map(Number);
  expect(((box[2] ?? 0) - (box[0] ?? 0)) / (72 / 25.4)).toBeCloseTo(80, 0);
  const text = pdftotext(pdf);
  if (text !== null) {
    expect(text).toContain('Informe Z');
    expect(text).toContain('faltante');
  }
});
