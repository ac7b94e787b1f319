/**
 * Issue 27: a till that typed too many wrong pairing codes is told in Spanish how long to wait, in Settings →
 * Servidor de la tienda, against the real shop server in its own process (embedded PGlite, TLS). Three wrong codes
 * are refused as wrong; the fourth attempt, even with the right code, is held back for this till's address with the
 * seconds the server gave (that another address still pairs meanwhile is shown in
 * test/integration/shop/shared-state-processes.test.ts and the server suites, with a driven clock).
 */
import { test, expect, type Page } from '@playwright/test';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { disposeApp, startApp, type AppProcess } from './app-process';
import { openTill, saveScreen } from './counter';
import { expectSpanishScreen } from './spanish-check';

let server: ShopServerProcess | null = null;
let app: AppProcess | null = null;

test.afterAll(async () => {
  test.setTimeout(120_000);
  if (app) await disposeApp(app);
  await server?.dispose();
});

const section = (page: Page) => page.getByRole('region', { name: 'Servidor de la tienda' });

async function typePairing(page: Page, code: string): Promise<void> {
  await section(page).getByLabel('Dirección del servidor').fill(server!.address);
  await section(page).getByLabel('Código de emparejamiento').fill(code);
  await section(page).getByRole('button', { name: 'Emparejar' }).click();
}

test('three wrong pairing codes: the till says in Spanish how long to wait', async ({ page }) => {
  test.setTimeout(240_000);
  server = await startShopServerProcess({ tls: true });
  app = await startApp();
  await page.setViewportSize({ width: 1366, height: 768 });
  await openTill(page, app);
  await page.keyboard.press('F10');
  await expect(section(page)).toBeVisible();
  const problem = section(page).getByRole('alert');

  for (let i = 0; i < 3; i++) {
    await typePairing(page, 'AAAAA-BBBBB');
    await expect(problem).toContainText('El servidor no aceptó el código');
  }
  const code = await server.pairWithCli();
  await typePairing(page, code);
  await expect(problem).toHaveText(/^Se escribieron demasiados códigos equivocados desde esta caja\. Espere (\d+ segundos?|1 minuto) e intente de nuevo\.$/);
  await expectSpanishScreen(page, { screen: 'Ajustes · emparejamiento en espera' });
  for (const size of [{ width: 1024, height: 768 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    await saveScreen(page, `pairing-wait-${size.width}x${size.height}`, section(page));
  }
});
