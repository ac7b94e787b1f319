/**
 * History at scale, driven as the owner would: among 3 000 sales already in the till's file, find one by its buyer's
 * NIT and by the first characters of its CUFE, open it from the keyboard, and reprint its receipt as COPIA N.º 1
 * (the original stays unmarked). The 3 000 are copies of one sale written in bulk before the app starts (validated,
 * so nothing sends them); the sale to find is written through the store, and the app's own engine gets it validated
 * by the embedded demo service, so its CUFE is a real one.
 */
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { test, expect } from '@playwright/test';
import { readDocument } from '../../shared/api/document';
import { consumidorFinal } from '../../shared/customer';
import { openStore } from '../../electron/core/store';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { openHistory, openTill, receipt, saveScreen } from './counter';

const BULK = 3000;
const BUYER = {
  identification_type: '31', identification: '800197268', dv: '4', person_type: '1', name: 'Distribuidora El Faro S.A.S.',
  tax_regime: '48', email: 'compras@elfaro.example.co', municipality_code: '05001',
};
const ITEMS = [{ code: 'CAF-500', name: 'Café molido tradicional 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] }];

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

/** The till's file with BULK validated sales and, newest, the one to find (waiting for the engine). */
function seed(dataDir: string): string {
  const path = join(dataDir, 'mostrador.sqlite');
  const store = openStore({ path });
  const template = store.recordSale({
    customer: consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' }), items: ITEMS,
    payment: { form_code: '1', means_code: '10' }, numberingRangeId: null,
  });
  store.markValidated(template.entryId, readDocument({
    id: 'seed-0', status: 'VALIDATED', reference_code: template.referenceCode, full_number: 'SETP980000000', cufe: 'f'.repeat(96),
  }));
  store.close();
  const db = new Database(path);
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK})
    INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, customer_name, customer_identification,
                       short_number, till_id, till_name, cashier_name)
      SELECT substr(s.reference_code, 1, 7) || printf('SEED%022d', i), s.created_at - i * 60000, s.customer, s.items, s.payment, s.totals,
             s.payable, 'Cliente ' || i, printf('%d', 10000000 + i * 7), 100 + i, s.till_id, s.till_name, s.cashier_name
      FROM n, sales s WHERE s.id = ${template.saleId};
    INSERT INTO outbox (sale_id, state, request_body, numbering_range_id, next_attempt_at, created_at, updated_at, full_number, cufe,
                        remote_status, validated_at)
      SELECT s.id, 'validated', o.request_body, o.numbering_range_id, 0, s.created_at, s.created_at, 'SETP98' || printf('%07d', s.id),
             lower(hex(randomblob(48))), 'VALIDATED', s.created_at
      FROM sales s, outbox o WHERE o.sale_id = ${template.saleId} AND s.id <> ${template.saleId};
  `);
  db.close();
  const again = openStore({ path });
  const target = again.recordSale({ customer: BUYER, items: ITEMS, payment: { form_code: '1', means_code: '47' }, numberingRangeId: null });
  again.close();
  return target.referenceCode;
}

test('history: among thousands, find a sale by NIT and by its CUFE\'s first characters and reprint it as COPIA', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-history-'));
  const reference = seed(dataDir);
  app = await startApp({ dataDir });
  await openTill(page, app);
  await openHistory(page);
  await expect(page.getByText(/de más de 1\.000 ventas/)).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Buscar' });
  const table = page.getByRole('table', { name: 'Ventas encontradas' });
  const bodyRows = table.locator('tbody tr:not([aria-hidden])');
  await search.fill('800.197.268-4');
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first()).toContainText(reference);
  await expect(bodyRows.first()).toContainText('Validada', { timeout: 45_000 });
  await bodyRows.first().getByRole('button', { name: `Ver detalle de la venta ${reference}` }).click();
  const detail = page.getByRole('region', { name: /^Venta Caja 1 · \d{6}$/ });
  await expect(detail).toContainText('Distribuidora El Faro S.A.S.');
  await expect(detail).toContainText('Transferencia');
  await expect(detail.getByRole('list', { name: 'Envíos al servicio' })).toContainText('Recibida por el servicio');
  const cufe = (await detail.locator('.cufe').textContent())?.trim() ?? '';
  expect(cufe).toMatch(/^[0-9a-f]{64}/);

  // The first characters of the CUFE, as read off a printed receipt; then the keyboard opens it.
  await search.fill(cufe.slice(0, 8).toUpperCase());
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first()).toContainText(reference);
  await page.getByRole('group', { name: /Lista de ventas/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(detail).toContainText(reference);
  await saveScreen(page, 'history-found-by-cufe');

  await detail.getByRole('button', { name: 'Ver factura' }).click();
  await expect(receipt(page).getByRole('heading', { level: 1 })).toHaveText('Factura electrónica de venta');
  await expect(page.getByTestId('receipt-copy')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reimprimir copia' }).click();
  await expect(page.getByTestId('receipt-copy')).toHaveText(/^COPIA N\.º 1 · \d/);
  await expect(receipt(page).locator('.cufe')).toContainText(cufe);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('receipt-copy')).toBeVisible();
  await saveScreen(page, 'receipt-copy');
  await page.emulateMedia({ media: 'screen' });

  // The original is never marked; the reprint is in the sale's detail with its time.
  const sale = (await callCore(app, 'sales.search', { text: reference, limit: 1 })).sales[0];
  expect((await callCore(app, 'receipt.get', { saleId: sale?.id ?? 0 })).copy ?? null).toBeNull();
  await page.getByRole('button', { name: /Volver/ }).click();
  await search.fill(reference);
  await bodyRows.first().getByRole('button', { name: `Ver detalle de la venta ${reference}` }).click();
  await expect(detail.getByRole('list', { name: 'Reimpresiones' })).toContainText(/Copia 1 · \d/);
});
