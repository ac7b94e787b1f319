/**
 * Issue 20, the till's side: the owner pairs this till with the shop server from Settings → Servidor de la tienda
 * (here a stand-in shop server over HTTPS with a self-signed certificate, until the real one is switched in), the
 * first till's data goes up, the status bar says the server is up to date, then since when it is away.
 */
import { test, expect, type Page } from '@playwright/test';
import { startApp, type AppProcess, disposeApp } from './app-process';
import { openTill, saveScreen, statusBar } from './counter';
import { expectSpanishScreen } from './spanish-check';
import { selfSignedCertificate } from '../support/self-signed-cert';
import { startStandInShopServer, type StandInShopServer } from '../support/stand-in-shop-server';


let app: AppProcess | null = null;
let server: StandInShopServer | null = null;
test.afterEach(async () => {
  if (app) {
    await disposeApp(app);
  }
  await server?.close();
  app = null;
  server = null;
});

const section = (page: Page) => page.getByRole('region', { name: 'Servidor de la tienda' });

async function screenshots(page: Page, name: string): Promise<void> {
  for (const size of [{ width: 1024, height: 768 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    await section(page).getByRole('heading', { name: 'Servidor de la tienda' }).scrollIntoViewIfNeeded();
    await saveScreen(page, `shop-server-${name}-${size.width}x${size.height}`);
    expect(await section(page).evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `the section fits at ${size.width}×${size.height}`).toBe(true);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('the owner pairs the till with a stand-in shop server from Settings, and the status bar follows it', async ({ page }) => {
  server = await startStandInShopServer({ tls: selfSignedCertificate(), shopName: 'Tienda La Esquina' });
  app = await startApp();
  await openTill(page, app);
  await page.keyboard.press('F10');
  await expect(section(page)).toBeVisible();
  await expect(section(page).getByText('Esta caja no está emparejada con un servidor de la tienda.')).toBeVisible();

  // A code that cannot be one is said at the field, before anything is sent.
  await section(page).getByLabel('Dirección del servidor').fill(server.url.replace('https://', ''));
  await section(page).getByLabel('Código de emparejamiento').fill('12');
  await section(page).getByRole('button', { name: 'Emparejar' }).click();
  await expect(section(page).getByText('El código tiene 10 caracteres, como K7QF2-M2XDA.')).toBeVisible();
  expect(server.requests).toBe(0);
  await screenshots(page, 'unpaired');

  await section(page).getByLabel('Código de emparejamiento').fill(server.openPairing());
  await section(page).getByLabel(/Es la primera caja de la tienda/).check();
  await section(page).getByRole('button', { name: 'Emparejar' }).click();
  await expect(section(page).getByText('Emparejada con «Tienda La Esquina» como caja n.º 1')).toBeVisible();
  await expect(section(page).getByText(/Se subieron \d+ registros/)).toBeVisible();
  await expect(statusBar(page).getByText('Servidor de la tienda: al día')).toBeVisible({ timeout: 15_000 });
  await expectSpanishScreen(page, { screen: 'Settings, paired' });
  await screenshots(page, 'paired');

  server.goAway();
  await expect(statusBar(page).getByText(/Servidor de la tienda sin conexión desde las \d\d:\d\d/)).toBeVisible({ timeout: 20_000 });
  await saveScreen(page, 'shop-server-away-status-bar', statusBar(page));
  await expectSpanishScreen(page, { screen: 'Settings, server away' });
});
