/**
 * The customer directory driven as the owner would: a CSV with one bad row shows the problem by row and column and
 * imports nothing; fixed, it imports; the customer is found without typing its accent, edited, and offered at the counter.
 */
import { test, expect } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { openTill, saveScreen } from './counter';

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const HEADER = 'tipo_identificacion;identificacion;dv;nombre;tipo_persona;regimen;correo;municipio';
// Windows-1252, as a spreadsheet on a Spanish Windows saves it ("Peña" is one byte 0xF1).
const win1252 = (text: string) => Buffer.from([...text].map((c) => c.charCodeAt(0)));

test('customer CSV: one bad row is shown by row and column and nothing is imported; fixed, it imports; search, edit', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await page.getByRole('button', { name: 'Clientes' }).click();
  await expect(page.getByRole('heading', { name: 'Directorio de clientes', level: 1 })).toBeVisible();

  const bad = `${HEADER}\r\n31;900373115;;Distribuidora Peña SAS;;;compras@pena.example.co;5001\r\n13;52345678;;Luis Pérez;;;luis@correo;76001\r\n`;
  await page.getByLabel('Archivo CSV de clientes').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: win1252(bad) });
  await expect(page.getByText('Hay 1 error: corríjalo en el archivo y vuelva a cargarlo. No se importó nada.')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Errores del archivo' });
  const cells = problems.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(0)).toHaveText('3');
  await expect(cells.nth(1)).toHaveText('correo');
  await expect(cells.nth(2)).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Importar', exact: true })).toHaveCount(0);
  await saveScreen(page, 'customers-import-error');
  expect((await callCore(app, 'customers.list', { limit: 10 })).total).toBe(0);

  await page.getByLabel('Archivo CSV de clientes').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: win1252(bad.replace('luis@correo', 'luis@correo.example.co')) });
  await expect(page.getByText('2 filas: 2 clientes nuevos y 0 actualizados. Nada se ha guardado todavía.')).toBeVisible();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByText('Importación lista: 2 clientes nuevos, 0 actualizados.')).toBeVisible();

  await page.getByLabel('Buscar cliente').fill('pena');
  const table = page.getByRole('table', { name: 'Clientes encontrados' });
  await expect(table.getByRole('rowheader')).toHaveText(['Distribuidora Peña SAS']);
  await expect(table).toContainText('900373115-3');
  await table.getByRole('button', { name: 'Editar Distribuidora Peña SAS' }).click();
  await page.getByLabel('Nombre o razón social').fill('Distribuidora Peña Hermanos SAS');
  await page.getByRole('button', { name: 'Guardar cliente' }).click();
  await expect(page.getByText('Cliente guardado: Distribuidora Peña Hermanos SAS.')).toBeVisible();
  await page.getByLabel('Buscar cliente').fill('hermanos');
  await expect(table.getByRole('rowheader')).toHaveText(['Distribuidora Peña Hermanos SAS']);
  await saveScreen(page, 'customers');

  // The counter finds the same customer.
  await page.keyboard.press('F4');
  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('9003731');
  await expect(page.getByRole('list', { name: 'Clientes encontrados' })).toContainText('Distribuidora Peña Hermanos SAS');
});
