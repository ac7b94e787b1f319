/**
 * Issue 26: one identity per till, decided by the server. The shop server on its embedded default (PGlite, over TLS)
 * in its own process, two fresh browser-mode tills paired from Settings → Servidor de la tienda with the defaults
 * (the first seeding the shop). Through the screens: each till's counter, status bar, receipt and X/Z carry its own
 * name («Caja 1», «Caja 2»); Tienda's Panel, day report (whose missing-Z warning names the till without its Z),
 * History across tills (a till column; «Caja 2 · 000002» finds that one sale, «000002» never 000003) and Turnos;
 * `npm run server -- tills` lists both; a rename with `npm run server -- rename` reaches the till's status bar and its
 * next sale while the earlier sales keep their numbers; a rename at the till to a name taken is refused plainly.
 *
 * Through the bridge only what the screens of this issue do not cover: the owner Marta at till 1 (People is
 * another part of the issue), and signing her in at till 2 once the server's people reached it.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test, expect, type Browser, type Page } from '@playwright/test';
import type { ShopServerProcess } from '../support/shop-server-process';
import { startShopServerProcess } from '../support/shop-server-process';
import { disposeApp, startApp, until, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { addBySearch, emptyCart, goToScreen, openTill, receipt, saveScreen, statusBar } from './counter';
import { sidewaysOverflow } from './screen-geometry';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWNER_PIN = '4826';
// 1093×614: a 1366×768 laptop at 125 %.
const SIZES = [{ width: 1024, height: 768 }, { width: 1366, height: 768 }, { width: 1093, height: 614 }] as const;

test.describe.configure({ mode: 'serial' });

let server: ShopServerProcess | null = null;
const apps: AppProcess[] = [];
const pages: Page[] = [];

test.afterAll(async () => {
  test.setTimeout(120_000);
  for (const page of pages) await page.context().close().catch(() => {});
  for (const app of apps) await disposeApp(app);
  await server?.dispose();
});

/** `npm run server -- <args> --data-dir DIR` as the owner types it; its standard output. */
function cli(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args, '--data-dir', server!.dataDir], { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm run server -- ${args.join(' ')} failed: ${stderr || stdout || String(error)}`));
      else resolve(stdout);
    });
  });
}

async function openPage(browser: Browser, app: AppProcess): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-CO', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  pages.push(page);
  await openTill(page, app);
  return page;
}

const shopSection = (page: Page) => page.getByRole('region', { name: 'Servidor de la tienda' });
const ownerTab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Vistas de la tienda' }).getByRole('button', { name });
const six = (n: number) => String(n).padStart(6, '0');
const numberText = (till: string, n: number) => new RegExp(`^${till}\\s·\\s${six(n)}$`);

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await saveScreen(page, `till-identity-${name}-${size.width}x${size.height}`);
    expect.soft(await sidewaysOverflow(page), `${name} at ${size.width}×${size.height}: sideways overflow`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** Settings (F10) → Servidor de la tienda: the address and the code the server printed; no name (the server's default). */
async function pairFromSettings(page: Page, code: string, seed: boolean): Promise<void> {
  await page.keyboard.press('F10');
  const section = shopSection(page);
  await expect(section).toBeVisible();
  await section.getByLabel('Dirección del servidor').fill(server!.address);
  await section.getByLabel('Código de emparejamiento').fill(code);
  if (seed) await section.getByLabel(/Es la primera caja de la tienda/).check();
  await section.getByRole('button', { name: 'Emparejar' }).click();
}

/** The Turno screen: a shift opened with 100 000 in the drawer. */
async function openShift(page: Page): Promise<void> {
  await goToScreen(page, 'Turno');
  await page.getByRole('textbox', { name: 'Efectivo inicial (base)' }).fill('100000');
  await page.getByRole('button', { name: 'Abrir turno' }).click();
  await expect(page.getByText(/Turno abierto desde/)).toBeVisible();
  await goToScreen(page, 'Venta');
}

/** One sale at the counter: a product by search, charged with F12 (cash, exact); the counter names it. */
async function sellOne(page: Page, tillName: string, n: number): Promise<void> {
  await expect(emptyCart(page)).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await addBySearch(page, 'arroz', 'Arroz blanco 1 kg');
  await page.keyboard.press('F12');
  // A till whose shift was closed is asked to open one at Cobrar (issue 26): opened in place, the same sale charged.
  const ask = page.getByRole('alertdialog', { name: 'No hay un turno abierto' });
  await expect(emptyCart(page).or(ask)).toBeVisible();
  if (await ask.isVisible()) {
    await ask.getByLabel('Efectivo inicial en la caja').fill('100.000');
    await ask.getByRole('button', { name: 'Abrir turno y cobrar' }).click();
  }
  await expect(emptyCart(page)).toBeVisible();
  await expect(page.getByTestId('last-sale-number')).toHaveText(numberText(tillName, n));
  // The demo service validates it; the receipt may then take the screen (nothing is being typed): back to the counter.
  await expect.poll(async () => (await receipt(page).isVisible())
    || /Validada/.test(await page.getByTestId('last-sale-fate').innerText({ timeout: 1_000 }).catch(() => '')), { timeout: 30_000 }).toBe(true);
  if (await receipt(page).isVisible()) {
    await expect(receipt(page).getByTestId('receipt-sale-number')).toHaveText(numberText(tillName, n));
    await page.keyboard.press('Escape');
  }
  await expect(emptyCart(page)).toBeVisible();
}

/** The last sale's receipt from the counter's «Ver factura»: its number is the till's own. */
async function lastReceipt(page: Page, tillName: string, n: number): Promise<void> {
  if (!(await receipt(page).isVisible())) await page.getByRole('button', { name: 'Ver factura' }).click();
  await expect(receipt(page).getByTestId('receipt-sale-number')).toHaveText(numberText(tillName, n), { timeout: 20_000 });
}

/** The Turno screen: close with the drawer counted (a 100 000 bill and what was sold), the Z on screen. */
async function closeShift(page: Page, app: AppProcess, tillName: string): Promise<void> {
  await until('the till\'s sales are at the server', async () => (await callCore(app, 'sync.status', {})).shopServer?.salesWaiting === 0, 60_000);
  await goToScreen(page, 'Turno');
  await page.getByRole('button', { name: 'Informe X' }).click();
  await expect(page.getByTestId('shift-report')).toContainText(`${tillName} · `);
  await page.getByRole('button', { name: 'Cerrar turno' }).click();
  await page.getByRole('spinbutton', { name: 'Billetes $\u00A0100.000', exact: true }).fill('1');
  const confirm = page.getByRole('button', { name: 'Cerrar turno con este conteo' });
  await confirm.click();
  // Sales not yet validated by the (demo) service: the close asks to go on.
  const anyway = page.getByRole('button', { name: /Cerrar de todos modos|Cerrar igual/ });
  if (await anyway.isVisible().catch(() => false)) await anyway.click();
  const z = page.getByTestId('shift-report');
  await expect(z).toContainText('Informe Z (cierre de turno)');
  await expect(z).toContainText(`${tillName} · `);
  await saveScreen(page, `till-identity-z-${tillName.replace(' ', '-')}`, z);
}

let t1: AppProcess;
let t2: AppProcess;
let p1: Page;
let p2: Page;
let owner: Page;

test('two fresh tills paired with the defaults are «Caja 1» and «Caja 2» on the counter, status bar, receipt and Z', async ({ browser }) => {
  test.setTimeout(420_000);
  server = await startShopServerProcess({ tls: true });
  t1 = await startApp();
  apps.push(t1);
  t2 = await startApp();
  apps.push(t2);
  await callCore(t1, 'people.save', { person: { name: 'Marta', role: 'owner', pin: OWNER_PIN } });

  p1 = await openPage(browser, t1);
  await pairFromSettings(p1, await server.pairWithCli(), true);
  await expect(shopSection(p1).getByTestId('shop-till-name')).toContainText('Esta caja es «Caja 1» en la tienda', { timeout: 30_000 });
  await expect(statusBar(p1).getByTestId('status-till-name')).toHaveText('Caja 1', { timeout: 30_000 });

  p2 = await openPage(browser, t2);
  await pairFromSettings(p2, await server.pairWithCli(), false);
  await expect(statusBar(p2).getByTestId('status-till-name')).toHaveText('Caja 2', { timeout: 30_000 });
  // The shop's owner arrives from the server and the till asks at once who is selling (issue 26): Marta signs in.
  await expect(p2.getByRole('heading', { name: '¿Quién está vendiendo?' })).toBeVisible({ timeout: 60_000 });
  await p2.getByRole('radio', { name: /Marta/ }).click();
  await p2.getByLabel('PIN').fill(OWNER_PIN);
  await p2.getByRole('button', { name: 'Entrar' }).click();
  await expect(p2.getByRole('heading', { name: '¿Quién está vendiendo?' })).toBeHidden();
  await goToScreen(p2, 'Ajustes');
  const section = shopSection(p2);
  await expect(section.getByText(/Emparejada con «.+» como caja n.º 2/)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByTestId('shop-till-name')).toContainText('Esta caja es «Caja 2» en la tienda');
  await expect(p2.getByLabel('Nombre de la caja')).toHaveValue('Caja 2');
  await section.getByRole('heading', { name: 'Servidor de la tienda' }).scrollIntoViewIfNeeded();
  await shoot(p2, 'settings-paired');

  for (const [page, name] of [[p1, 'Caja 1'], [p2, 'Caja 2']] as const) {
    await page.keyboard.press('Escape');
    await openShift(page);
    for (const n of [1, 2, 3]) await sellOne(page, name, n);
    // The receipt of the last sale carries the till's own number.
    await lastReceipt(page, name, 3);
  }
  await shoot(p2, 'counter-receipt');
  await p2.keyboard.press('Escape');
  await p1.keyboard.press('Escape');
  await closeShift(p1, t1, 'Caja 1');
});

test('Tienda names each till by its own name: Panel, day report (the missing Z is Caja 2\'s), History with a till column, Turnos', async ({ browser }) => {
  test.setTimeout(240_000);
  await until('till 2\'s sales are at the server', async () => (await callCore(t2, 'sync.status', {})).shopServer?.salesWaiting === 0, 60_000);
  owner = await openPage(browser, t1);
  await goToScreen(owner, 'Tienda');
  await owner.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await owner.getByRole('button', { name: 'Abrir la tienda' }).click();
  await expect(owner.getByTestId('dashboard')).toBeVisible();
  const byTill = owner.getByTestId('dash-by-till');
  await expect(byTill.getByRole('rowheader')).toHaveText(['Caja 1', 'Caja 2'], { timeout: 30_000 });
  await shoot(owner, 'panel');

  await ownerTab(owner, 'Informe del día').click();
  await expect(owner.getByTestId('day-missing-z')).toContainText('Sin cierre Z en el servidor: Caja 2.');
  await expect(owner.getByTestId('day-till-1')).toContainText('Caja 1');
  await expect(owner.getByTestId('day-till-2')).toContainText('Caja 2');
  await expect(owner.getByTestId('day-till-2')).not.toContainText('Caja 1');
  await shoot(owner, 'day-report');

  await ownerTab(owner, 'Historial de todas las cajas').click();
  const search = async (text: string) => {
    await owner.getByRole('searchbox', { name: 'Buscar en todas las cajas' }).fill(text);
    await owner.getByRole('button', { name: 'Buscar', exact: true }).click();
  };
  const sales = owner.getByTestId('owner-sales');
  await search('');
  await expect(sales.getByRole('row')).toHaveCount(7); // the header and six sales
  await search('Caja 2 · 000002');
  await expect(owner.getByTestId('owner-found')).toContainText('1');
  await expect(sales.getByRole('rowheader')).toHaveText([numberText('Caja 2', 2)]);
  await expect(sales.getByTestId('owner-sale-till')).toHaveText(['Caja 2']);
  await shoot(owner, 'history-exact');
  await search('000002');
  await expect(sales.getByRole('rowheader')).toHaveCount(2);
  for (const text of await sales.getByRole('rowheader').allInnerTexts()) expect(text.replace(/\s/g, ' ')).toMatch(/· 000002$/);
  await search('Caja 2');
  await expect(sales.getByTestId('owner-sale-till')).toHaveText(['Caja 2', 'Caja 2', 'Caja 2']);

  // Till 2 closes: its Z names it, Turnos lists both tills by their names, and nobody is left without a Z.
  await closeShift(p2, t2, 'Caja 2');
  await ownerTab(owner, 'Turnos y Z por caja').click();
  await owner.getByRole('region', { name: 'Turnos y Z por caja' }).getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(owner.getByTestId('shop-shift-till')).toHaveText(['Caja 1', 'Caja 2'], { timeout: 30_000 });
  await shoot(owner, 'shifts');

  const listed = await cli('tills');
  expect(listed).toMatch(/^n.º 1 {2}Caja 1 {2}/m);
  expect(listed).toMatch(/^n.º 2 {2}Caja 2 {2}/m);
});

test('a rename at the server reaches the till and its next sale; earlier sales keep their numbers; a name taken is refused at the till', async () => {
  test.setTimeout(240_000);
  const said = await cli('rename', '2', 'Caja Bodega');
  expect(said).toContain("La caja n.º 2 ahora se llama «Caja Bodega»");
  await expect(statusBar(p2).getByTestId('status-till-name')).toHaveText('Caja Bodega', { timeout: 60_000 });
  await p2.keyboard.press('Escape');
  await goToScreen(p2, 'Venta');
  await sellOne(p2, 'Caja Bodega', 4);

  await until('till 2\'s new sale is at the server', async () => (await callCore(t2, 'sync.status', {})).shopServer?.salesWaiting === 0, 60_000);
  await ownerTab(owner, 'Historial de todas las cajas').click();
  await owner.getByRole('searchbox', { name: 'Buscar en todas las cajas' }).fill('Caja 2 · 000002');
  await owner.getByRole('button', { name: 'Buscar', exact: true }).click();
  const sales = owner.getByTestId('owner-sales');
  await expect(sales.getByRole('rowheader')).toHaveText([numberText('Caja 2', 2)]);
  await expect(sales.getByTestId('owner-sale-till')).toHaveText(['Caja Bodega']);
  expect(await cli('tills')).toMatch(/^n.º 2 {2}Caja Bodega {2}/m);

  // At the till, Settings → Esta caja: a name another till has is refused by the server, in plain words.
  await p2.keyboard.press('F10');
  const name = p2.getByLabel('Nombre de la caja');
  await expect(name).toHaveValue('Caja Bodega');
  await name.fill('Caja 1');
  await p2.getByRole('button', { name: 'Guardar preferencias' }).click();
  const ownerPin = p2.getByLabel('Clave del dueño');
  if (await ownerPin.isVisible().catch(() => false)) {
    await ownerPin.fill(OWNER_PIN);
    await ownerPin.press('Enter');
  }
  await expect(p2.getByText('la caja n.º 1 de la tienda ya se llama «Caja 1»: elija otro nombre').first()).toBeVisible({ timeout: 20_000 });
  await name.scrollIntoViewIfNeeded();
  await shoot(p2, 'rename-refused');
  expect(await cli('tills')).toMatch(/^n.º 2 {2}Caja Bodega {2}/m);
  await expect(statusBar(p2).getByTestId('status-till-name')).toHaveText('Caja Bodega');
});
