/**
 * Issue 26 through the screens, against the real shop server (its own process, embedded PGlite, TLS on loopback):
 * - what the server sends takes effect at once: till 2's page is open while it pairs from Settings; the shop's people
 *   arrive through the feed and the till asks «¿Quién está vendiendo?» with them, without a reload;
 * - a shift is how a till sells: with no shift open Cobrar asks to open one there and then (the drawer's cash) and
 *   charges; after the shift is closed, Cobrar asks again, and «Ahora no» leaves the sale on the counter unsold;
 * - one truth on screen: after a server restart, once Tienda hears from the server the status bar says so too.
 * Screenshots at 1024×768 and 1366×768.
 */
import { test, expect, type Page } from '@playwright/test';
import { consumidorFinal } from '../../shared/customer';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { type AppProcess, disposeApp, startApp, until } from './app-process';
import { callCore } from './core-bridge';
import { addBySearch, goToScreen, openTill, productSearch, saveScreen, statusBar } from './counter';
import { sidewaysOverflow } from './screen-geometry';
import { expectSpanishScreen } from './spanish-check';

const OWNER_PIN = '4826';
const CUSTOMER = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
const CASH = { form_code: '1', means_code: '10' };
const WATER = { code: 'AGU-600', name: 'Agua sin gas 600 ml', quantity: 1, unit_measure: '94', price: 2000, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };
const ROSA = { name: 'Rosa', pin: '1357' };
// 1093×614: a 1366×768 laptop at 125 %.
const SIZES = [{ width: 1024, height: 768 }, { width: 1366, height: 768 }, { width: 1093, height: 614 }] as const;

let server: ShopServerProcess | null = null;
const apps: AppProcess[] = [];
test.afterEach(async () => {
  for (const app of apps.splice(0)) await disposeApp(app);
  await server?.dispose();
  server = null;
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await saveScreen(page, `${name}-${size.width}x${size.height}`);
    expect.soft(await sidewaysOverflow(page), `${name} at ${size.width}×${size.height}: sideways overflow`).toEqual([]);
  }
  await page.setViewportSize(SIZES[1]);
}

const salesCount = async (app: AppProcess): Promise<number> => (await callCore(app, 'sales.search', { limit: 1 })).total;

test('people from the server appear without a reload; Cobrar asks to open the shift; status bar and Tienda agree after a server restart', async ({ page }) => {
  test.setTimeout(240_000);
  server = await startShopServerProcess({ tls: true });
  const pairingCode = async () => String((await server!.admin('POST', '/admin/pairing')).body.code);

  // Till 1 seeds the shop with its owner and a cashier.
  const t1 = await startApp();
  apps.push(t1);
  await callCore(t1, 'people.save', { person: { name: 'Marta', role: 'owner', pin: OWNER_PIN } });
  await callCore(t1, 'people.save', { person: { name: ROSA.name, role: 'cashier', pin: ROSA.pin } });
  await callCore(t1, 'shopServer.pair', { address: server.address, code: await pairingCode(), seedShop: true });

  // Till 2 is fresh: nobody set up, its page open on the counter. It pairs from Settings, through the screen.
  const t2 = await startApp();
  apps.push(t2);
  await openTill(page, t2);
  await page.setViewportSize(SIZES[1]);
  await page.keyboard.press('F10');
  const section = page.getByRole('region', { name: 'Servidor de la tienda' });
  await section.getByLabel('Dirección del servidor').fill(server.address);
  await section.getByLabel('Código de emparejamiento').fill(await pairingCode());
  await section.getByRole('button', { name: 'Emparejar' }).click();
  // Paired (Settings says so), and at once the feed's people take the screen: either may be seen first.

  // The feed brings Marta and Rosa: the same page (no reload) asks who is selling, with both.
  const who = page.getByRole('region', { name: '¿Quién está vendiendo?' });
  await expect(who).toBeVisible({ timeout: 30_000 });
  await expect(who.getByRole('radio', { name: /Marta/ })).toBeVisible();
  await expect(who.getByRole('radio', { name: /Rosa/ })).toBeVisible();
  await expectSpanishScreen(page, { screen: 'till 2, people from the server' });
  await shoot(page, 'people-from-server-who-is-selling');
  // Whatever the page sends, nobody signed in sells nothing.
  await expect(callCore(t2, 'sales.charge', { customer: CUSTOMER, items: [WATER], payment: CASH })).rejects.toThrow(/FORBIDDEN Nobody is signed in/);
  expect(await salesCount(t2)).toBe(0);

  // Rosa signs in with the PIN she was given at till 1 (it came as a hash with the feed).
  await who.getByRole('radio', { name: /Rosa/ }).click();
  await page.locator('#sign-in-pin').fill(ROSA.pin);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Vende: Rosa')).toBeVisible();
  // Back on the screen she was on (Settings); the counter is F2 away.
  await page.keyboard.press('F2');
  await expect(productSearch(page)).toBeVisible();

  // No shift is open: Cobrar asks to open it here, with the drawer's cash, and then charges the same sale.
  await addBySearch(page, 'agua', 'Agua sin gas 600 ml');
  await page.keyboard.press('F12');
  const ask = page.getByRole('alertdialog', { name: 'No hay un turno abierto' });
  await expect(ask).toBeVisible();
  await expect(ask.getByLabel('Efectivo inicial en la caja')).toBeFocused();
  await expectSpanishScreen(page, { screen: 'Cobrar, no shift open' });
  await shoot(page, 'cobrar-asks-to-open-shift');
  await ask.getByLabel('Efectivo inicial en la caja').fill('50.000');
  await ask.getByRole('button', { name: 'Abrir turno y cobrar' }).click();
  await expect(ask).toBeHidden();
  await expect.poll(() => salesCount(t2)).toBe(1);
  const shift = await callCore(t2, 'shifts.current', {});
  expect(shift).toMatchObject({ openingCash: '50000.00' });
  expect((await callCore(t2, 'shifts.report', {})).sales.count).toBe(1);

  // The shift is closed (its Z); the next Cobrar asks again instead of selling «fuera de turno».
  await callCore(t2, 'shifts.close', { shiftId: shift!.id, count: { bills: { '50000': 1 }, coins: {} }, confirmUnsent: true });
  await addBySearch(page, 'agua', 'Agua sin gas 600 ml');
  await page.keyboard.press('F12');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Ahora no' }).click();
  await expect(ask).toBeHidden();
  expect(await salesCount(t2)).toBe(1);
  await expect(page.getByRole('table', { name: 'Productos de la venta' })).toContainText('Agua sin gas 600 ml');

  // One truth on screen: Tienda at till 1, the server restarts, and once Tienda hears from it the status bar agrees.
  const marta = (await callCore(t1, 'people.session', {})).people.find((p) => p.name === 'Marta')!;
  await callCore(t1, 'people.signIn', { personId: marta.id, pin: OWNER_PIN });
  const page1 = await page.context().newPage();
  await openTill(page1, t1);
  await page1.setViewportSize(SIZES[1]);
  await goToScreen(page1, 'Tienda');
  await page1.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page1.getByRole('button', { name: 'Abrir la tienda' }).click();
  await expect(page1.getByTestId('dashboard')).toBeVisible();
  await expect(statusBar(page1).getByText('Servidor de la tienda: al día')).toBeVisible({ timeout: 20_000 });

  await server.stop();
  await expect(statusBar(page1).getByText(/Servidor de la tienda sin conexión/)).toBeVisible({ timeout: 30_000 });
  // Away long enough for the link's own backoff to grow to tens of seconds.
  const downAt = Date.now();
  await until('the server has been away a while', () => Date.now() - downAt > 20_000);
  await server.start();
  // Tienda asks the server again by itself (its change signal, every few seconds after a failure); its answer is the
  // link's contact too: the bar follows with the next status push instead of waiting out the link's backoff.
  await expect(statusBar(page1).getByText(/Servidor de la tienda sin conexión/)).toBeHidden({ timeout: 10_000 });
  await shoot(page1, 'tienda-and-status-after-restart');
  await page1.close();
});
