/**
 * Issue 27, "a conflict never stops the flow", with separate processes: the real shop server (`npm run server`,
 * embedded PGlite) and two browser-mode tills. Till 2 reaches the server through a relay on 127.0.0.1 that can be cut
 * (its connections dropped): offline, a cashier «Ana» is made there while the owner makes another «Ana» at the server.
 * Back in touch, each till sets one Ana aside and keeps receiving every later change (a new price reaches both); till
 * 2's status bar and Settings say so with what to do, Tienda's Panel lists both tills (screenshots at 1366×768 and
 * 1024×768, no sideways overflow, axe clean); once renamed at till 2 it is gone everywhere.
 */
import { mkdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { hashPin } from '../../common/pin-hash';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { type AppProcess, disposeApp, startApp, until } from './app-process';
import { callCore } from './core-bridge';
import { goToScreen, openTill, statusBar } from './counter';
import { axeViolations } from './screen-check';
import { sidewaysOverflow } from './screen-geometry';
import { expectSpanishScreen } from './spanish-check';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWNER_PIN = '4826';
const OWNER_KEY = 'c3'.repeat(16);
const SERVER_ANA = 'd4'.repeat(16);
const FAST_PIN_COST = { N: 1024, r: 8, p: 1 };
const PRODUCT = {
  code: 'CAFE-500', name: 'Café molido 500 g', barcodes: ['7701234567890'], unitMeasure: '94', price: 15882.35,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Despensa', active: true, quickKey: false, quickKeyOrder: null,
};

/** Passes requests on to the server; `cut()` drops every open connection and refuses new ones until `mend()`. */
async function cuttableRelay(target: string): Promise<{ address: string; cut(): void; mend(): void; close(): Promise<void> }> {
  const to = new URL(target);
  let down = false;
  const relay: Server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => { res.destroy(); });
    req.pipe(out);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
  return {
    address: `127.0.0.1:${(relay.address() as AddressInfo).port}`,
    cut() {
      down = true;
      relay.closeAllConnections();
    },
    mend() { down = false; },
    close: () => new Promise<void>((r) => { relay.closeAllConnections(); relay.close(() => r()); }),
  };
}

let server: ShopServerProcess | null = null;
let relay: Awaited<ReturnType<typeof cuttableRelay>> | null = null;
const apps: AppProcess[] = [];
test.afterEach(async () => {
  for (const app of apps.splice(0)) await disposeApp(app);
  await relay?.close();
  relay = null;
  await server?.dispose();
  server = null;
});

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(join(ROOT, 'test-results', 'screenshots'), { recursive: true });
  for (const size of [{ width: 1366, height: 768 }, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const file = `${name}-${size.width}x${size.height}`;
    await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', `${file}.png`), fullPage: false, scale: 'css' });
    expect.soft(await sidewaysOverflow(page), `${file}: sideways overflow`).toEqual([]);
    expect.soft(await axeViolations(page), `${file}: axe-core WCAG 2.1 A/AA`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

const feedAside = async (app: AppProcess): Promise<number> => (await callCore(app, 'sync.status', {})).shopServer?.feedAside ?? -1;
const names = async (app: AppProcess): Promise<string[]> => (await callCore(app, 'people.session', {})).people.map((p) => p.name).sort();
const price = async (app: AppProcess): Promise<string | undefined> => (await callCore(app, 'catalog.get', { code: PRODUCT.code }))?.price;

test('a person made offline at till 2 with a server person\'s name: both tills keep flowing, the clash is shown at the till and in Tienda, renamed it is gone', async ({ page }) => {
  test.setTimeout(300_000);
  server = await startShopServerProcess();
  const s = server;
  const admin = async (data: unknown) => {
    const answer = await s.admin('POST', '/admin/records', data);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  await admin({ kind: 'person', data: { key: OWNER_KEY, name: 'Marta', role: 'owner', pinHash: await hashPin(OWNER_PIN, FAST_PIN_COST), active: true } });
  await admin({ kind: 'product', data: PRODUCT });
  relay = await cuttableRelay(server.url);
  const pairingCode = async () => String((await s.admin('POST', '/admin/pairing')).body.code);

  const one = await startApp();
  apps.push(one);
  const two = await startApp();
  apps.push(two);
  await callCore(one, 'shopServer.pair', { address: server.url, code: await pairingCode(), tillName: 'Caja 1' });
  await callCore(two, 'shopServer.pair', { address: `http://${relay.address}`, code: await pairingCode(), tillName: 'Caja 2' });
  for (const app of [one, two]) {
    await until('the till has the shop', async () => (await names(app)).includes('Marta') && (await price(app)) === '15882.35', 60_000);
    const marta = (await callCore(app, 'people.session', {})).people.find((p) => p.name === 'Marta')!;
    await callCore(app, 'people.signIn', { personId: marta.id, pin: OWNER_PIN });
  }

  // Till 2 loses the server; a cashier «Ana» is made there, and another «Ana» at the server.
  relay.cut();
  await until('till 2 sees the server away', async () => (await callCore(two, 'sync.status', {})).shopServer?.unreachableSince !== null, 60_000);
  await callCore(two, 'people.save', { person: { name: 'Ana', role: 'cashier', pin: '1111' } });
  await admin({ kind: 'person', data: { key: SERVER_ANA, name: 'Ana', role: 'cashier', pinHash: await hashPin('2222', FAST_PIN_COST), active: true } });
  await until('till 1 has the server\'s Ana', async () => (await names(one)).includes('Ana'), 60_000);

  // Back in touch: each till sets one Ana aside (till 2 the server's; till 1 till 2's), and the feed flows on.
  relay.mend();
  await until('till 2 sets the server\'s Ana aside', async () => (await feedAside(two)) === 1, 90_000);
  await until('till 1 sets till 2\'s Ana aside', async () => (await feedAside(one)) === 1, 90_000);
  await admin({ kind: 'product', data: { ...PRODUCT, price: 20000 } });
  for (const app of [one, two]) await until('the new price reaches the till', async () => (await price(app)) === '20000', 60_000);

  // Till 2: the status bar's hint and Settings → Servidor de la tienda, with what to do.
  await openTill(page, two);
  await expect(statusBar(page).getByText('1 cambio del servidor sin aplicar (vea Ajustes)')).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('F10');
  const listed = page.getByTestId('shop-feed-aside');
  await expect(listed).toContainText('Cambio del servidor sin aplicar (1)');
  await expect(listed).toContainText('La persona «Ana» que llegó del servidor tiene el mismo nombre que otra persona de la caja.');
  await expect(listed).toContainText('Cambie el nombre de una de las dos');
  await listed.scrollIntoViewIfNeeded();
  await expectSpanishScreen(page, { screen: 'Ajustes · cambios del servidor sin aplicar', soft: true });
  await shoot(page, 'feed-aside-settings');

  // Tienda (from till 1): both tills listed with the clash and what to do.
  await openTill(page, one);
  await goToScreen(page, 'Tienda');
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  const panel = page.getByTestId('dash-feed-aside');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).toContainText('Caja 1: 1 cambio sin aplicar');
  await expect(panel).toContainText('Caja 2: 1 cambio sin aplicar');
  await expect(panel).toContainText('Cambie el nombre de una de las dos: en Personas (en la caja) o en Tienda → Personas de la tienda.');
  await expectSpanishScreen(page, { screen: 'Tienda · Panel con cambios sin aplicar', soft: true });
  await shoot(page, 'feed-aside-tienda');

  // Resolved at till 2, on its People screen (where the clash is said too): its Ana is renamed. Gone at both tills
  // and, with their next report, in Tienda.
  const tienda = page;
  const tillTwo = await page.context().newPage();
  await openTill(tillTwo, two);
  await goToScreen(tillTwo, 'Personas');
  const notice = tillTwo.getByTestId('people-feed-aside');
  await expect(notice).toContainText('Personas del servidor que esta caja no pudo agregar');
  await expect(notice).toContainText('La persona «Ana» que llegó del servidor tiene el mismo nombre que otra persona de la caja.');
  await expectSpanishScreen(tillTwo, { screen: 'Personas · persona del servidor sin agregar', soft: true });
  await shoot(tillTwo, 'feed-aside-people');
  await tillTwo.getByRole('button', { name: 'Editar: Ana' }).click();
  await tillTwo.getByLabel('Nombre', { exact: true }).fill('Ana (caja 2)');
  await tillTwo.getByRole('button', { name: 'Guardar persona' }).click();
  await expect(notice).toBeHidden({ timeout: 30_000 });
  await until('till 2 applied the server\'s Ana', async () => (await feedAside(two)) === 0, 60_000);
  await until('till 1 received the rename', async () => (await feedAside(one)) === 0 && (await names(one)).includes('Ana (caja 2)'), 60_000);
  expect(await names(two)).toEqual(['Ana', 'Ana (caja 2)', 'Marta']);
  await expect(tienda.getByTestId('dash-feed-aside')).toBeHidden({ timeout: 60_000 });
  await expect(statusBar(tillTwo).getByText(/cambio del servidor sin aplicar/)).toBeHidden();
});
