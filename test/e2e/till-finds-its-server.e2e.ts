/**
 * Issue 27, as the owner sees it: the till is paired with the real shop server (`npm run server`, TLS); the server
 * comes back on another port with its data folder, and another server (another certificate) answers at the old
 * address. The status bar says the server is away; in Settings → Servidor de la tienda the owner types the
 * stranger's address (refused at the field, nothing saved), then the new one (saved, and the till is up to date
 * again) — the till keeps its number and is never paired again. Screens at 1024×768 and 1366×768.
 */
import { test, expect, type Page } from '@playwright/test';
import { startApp, type AppProcess, disposeApp } from './app-process';
import { openTill, saveScreen, statusBar } from './counter';
import { expectSpanishScreen } from './spanish-check';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';

let app: AppProcess | null = null;
const servers: ShopServerProcess[] = [];
test.afterEach(async () => {
  if (app) await disposeApp(app);
  app = null;
  for (const s of servers.splice(0)) await s.dispose();
});

const section = (page: Page) => page.getByRole('region', { name: 'Servidor de la tienda' });

/** Both sizes, with the outcome (`shown`: the field's message or the notice) in the middle of the screen. */
async function screenshots(page: Page, name: string, shown: RegExp): Promise<void> {
  for (const size of [{ width: 1024, height: 768 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    await section(page).getByText(shown).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await saveScreen(page, `till-finds-its-server-${name}-${size.width}x${size.height}`);
    expect(await section(page).evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `the section fits at ${size.width}×${size.height}`).toBe(true);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('the server moved: the owner types its new address in Settings; a server with another certificate is refused', async ({ page }) => {
  test.setTimeout(240_000);
  const first = await startShopServerProcess({ tls: true, args: ['--no-announce'] });
  servers.push(first);
  app = await startApp();
  await openTill(page, app);
  await page.keyboard.press('F10');
  await section(page).getByLabel('Dirección del servidor').fill(first.address);
  await section(page).getByLabel('Código de emparejamiento').fill(String((await first.admin('POST', '/admin/pairing')).body.code));
  await section(page).getByLabel(/Es la primera caja de la tienda/).check();
  await section(page).getByRole('button', { name: 'Emparejar' }).click();
  await expect(section(page).getByText(/Emparejada con «.*» como caja n\.º 1/)).toBeVisible();
  await expect(statusBar(page).getByText('Servidor de la tienda: al día')).toBeVisible({ timeout: 20_000 });

  // The server PC comes back elsewhere with its data; a stranger answers at the old address.
  const oldPort = Number(first.address.split(':')[1]);
  await first.stop();
  const moved = await startShopServerProcess({ tls: true, dataDir: first.dataDir, args: ['--no-announce'] });
  servers.push(moved);
  const stranger = await startShopServerProcess({ tls: true, port: oldPort, args: ['--no-announce'] });
  servers.push(stranger);
  await expect(statusBar(page).getByText(/Servidor de la tienda sin conexión desde las \d\d:\d\d/)).toBeVisible({ timeout: 30_000 });

  await section(page).getByLabel('Otra dirección del servidor').fill('servidor:99999');
  await section(page).getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(section(page).getByText('Escriba la dirección del servidor', { exact: false })).toBeVisible();

  await section(page).getByLabel('Otra dirección del servidor').fill(stranger.address);
  await section(page).getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(section(page).getByText(/En esa dirección responde un servidor con otro certificado/)).toBeVisible({ timeout: 15_000 });
  await expect(section(page).getByTestId('shop-addresses')).toHaveText(new RegExp(`: https://${first.address.replace(/\./g, '\\.')}\\.$`));
  await expectSpanishScreen(page, { screen: 'Settings, another certificate refused' });
  await screenshots(page, 'refused', /En esa dirección responde un servidor con otro certificado/);

  await section(page).getByLabel('Otra dirección del servidor').fill(moved.address);
  await section(page).getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(section(page).getByText(`Dirección guardada: https://${moved.address}.`, { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(statusBar(page).getByText('Servidor de la tienda: al día')).toBeVisible({ timeout: 30_000 });
  await expect(section(page).getByText(/como caja n\.º 1/)).toBeVisible();
  await expectSpanishScreen(page, { screen: 'Settings, new address saved' });
  await screenshots(page, 'saved', /Dirección guardada/);
  expect((await stranger.admin('GET', '/admin/tills')).body.tills).toEqual([]);
});
