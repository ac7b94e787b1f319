/**
 * A large catalog file through the Catálogo screen (issue 29): the preview and the import run on the core's import
 * thread and show their progress as a bar (role=progressbar) with "Cancelar"; the bar is seen moving (at least two
 * different aria-valuenow values during the import) and the import finishes with every row in the catalog. The
 * counter answers meanwhile (a barcode looked up while the import writes). Screenshots of the bar at 1024×768 and
 * 1093×614.
 */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { openTill, saveScreen } from './counter';
import { inView, sidewaysOverflow } from './screen-geometry';

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const ROWS = 60_000;
const HEADER = 'codigo;nombre;codigos_barras;unidad;precio_con_iva;impuesto;tarifa;categoria';
function largeFile(): { name: string; mimeType: string; buffer: Buffer } {
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) lines.push(`G${String(i).padStart(6, '0')};Producto grande ${i};${7_705_000_000_000 + i};94;${1_000 + (i % 5_000)};IVA;19;Despensa`);
  return { name: 'catalogo-grande.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8') };
}

/** Records every aria-valuenow any progress bar shows from now on (a MutationObserver in the page). */
async function watchProgressValues(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const look = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const value = `${bar.getAttribute('aria-label') ?? ''}=${bar.getAttribute('aria-valuenow') ?? ''}/${bar.getAttribute('aria-valuemax') ?? ''}`;
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);

test('a 60 000-row catalog: the preview and the import show a moving bar with Cancelar, the counter answers meanwhile, every row lands', async ({ page }) => {
  test.setTimeout(300_000);
  app = await startApp();
  await page.setViewportSize({ width: 1024, height: 768 });
  await openTill(page, app);
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { name: 'Catálogo de productos', level: 1 })).toBeVisible();
  await watchProgressValues(page);

  await page.getByLabel('Archivo CSV del catálogo').setInputFiles(largeFile());
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expect(page.getByText(`${ROWS} filas: ${ROWS} productos nuevos y 0 actualizados.`)).toBeVisible({ timeout: 120_000 });
  const previewSeen = await progressSeen(page);
  expect(previewSeen.some((v) => v.startsWith('Revisión del archivo de catálogo'))).toBe(true);

  await page.evaluate(() => { (window as unknown as { progressSeen: string[] }).progressSeen.length = 0; });
  await page.getByRole('button', { name: `Importar ${ROWS} productos` }).click();
  // While it writes: the bar says what is done of what, and the counter's look-up answers.
  await expect(bar).toHaveAttribute('aria-label', /Importación del catálogo: guardando/, { timeout: 120_000 });
  await expect(bar).toHaveAttribute('aria-valuetext', new RegExp(`de 60\u00a0000 filas`));
  expect(await inView(bar, 'the progress bar')).toEqual([]);
  expect(await inView(page.getByRole('button', { name: 'Cancelar' }), 'Cancelar')).toEqual([]);
  expect(await sidewaysOverflow(page)).toEqual([]);
  // The bar and its Cancelar: no WCAG 2.1 AA violation (name, contrast, target).
  const axe = await new AxeBuilder({ page }).include('[data-testid="job-progress"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await saveScreen(page, 'catalog-import-progress-1024x768');
  expect(await callCore(app, 'catalog.byBarcode', { barcode: '7702001001002' })).toMatchObject({ code: 'CAF-500' });
  await page.setViewportSize({ width: 1093, height: 614 });
  expect(await inView(bar, 'the progress bar at 1093×614')).toEqual([]);
  expect(await inView(page.getByRole('button', { name: 'Cancelar' }), 'Cancelar at 1093×614')).toEqual([]);
  await saveScreen(page, 'catalog-import-progress-1093x614');

  await expect(page.getByText(`Importación lista: ${ROWS} nuevos, 0 actualizados.`)).toBeVisible({ timeout: 120_000 });
  await expect(bar).toHaveCount(0);
  const importSeen = (await progressSeen(page)).filter((v) => v.startsWith('Importación del catálogo: guardando'));
  const values = new Set(importSeen.map((v) => v.replace(/^.*=/, '')));
  expect(values.size).toBeGreaterThanOrEqual(2);
  expect((await callCore(app, 'catalog.list', { text: 'Producto grande', includeInactive: true, limit: 1 })).total).toBe(ROWS);
  expect(await callCore(app, 'catalog.byBarcode', { barcode: String(7_705_000_000_000 + ROWS - 1) })).toMatchObject({ code: 'G059999' });
});
