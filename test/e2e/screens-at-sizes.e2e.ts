/**
 * Issue 17's proof: every screen at the five sizes real tills have, with an owner and a cashier set up and the
 * cashier signed in, as the testers tried them. At each size: no screen overflows sideways; the counter keeps Cobrar,
 * the total and the change in view without scrolling (empty, 8 lines, cash with 50 000 received, card) and its top
 * bar keeps one height after Cobrar, after parking and with an error notice; History keeps each sale's number,
 * customer, total and state in view; nothing on a Spanish screen is English or a raw service code; and axe-core finds
 * no WCAG 2.1 A/AA violation. Every screen is saved to test-results/screenshots/<screen>-<width>x<height>.png.
 * One test per size, with soft checks, so a size's report lists all of its problems.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { cart, emptyCart, goToScreen, lineInput, openHistory, openLine, openTill, productSearch, receipt, saleTotal, scan, statusBar } from './counter';
import { checkScreen, sizeName, type ScreenSize } from './screen-check';
import { bannerHeight, behindModal, historyColumns, inView, verticalScroll } from './screen-geometry';
import { CASHIER, OWNER, staffTill } from './staffed-till';

const SIZES: readonly ScreenSize[] = [
  { width: 1024, height: 768 }, // 15-inch touch POS terminals
  { width: 1093, height: 614 }, // a 1366×768 laptop at Windows' default 125 % scaling
  { width: 1280, height: 800 },
  { width: 1366, height: 768 }, // the commonest laptop and all-in-one POS
  { width: 1920, height: 1080 },
];
/**
 * axe-core takes a second or more a screen on this machine: once per screen at the commonest size by default;
 * MOSTRADOR_AXE_SIZES=all runs it at every size.
 */
const axeAt = (size: ScreenSize): boolean => process.env.MOSTRADOR_AXE_SIZES === 'all' || sizeName(size) === '1366x768';

// From electron/core/app/demo-catalog.ts: eight cheap products (36 030 in all, under the 50 000 received).
const EIGHT_BARCODES = ['7702001001019', '7702001001040', '7702001001064', '7702001001071', '7702001001101', '7702001001125', '7702001001156', '7702001001170'];
const CAFE = { name: 'Café molido tradicional 500 g', barcode: '7702001001002' };

const cobrar = (page: Page): Locator => page.getByRole('button', { name: /^Cobrar/ });
const cashReceived = (page: Page): Locator => page.getByRole('textbox', { name: 'Recibido en efectivo' });
const dismissNotice = (page: Page): Locator => page.getByRole('button', { name: 'Cerrar mensaje' }).first();
const backupWarning = (page: Page): Locator => statusBar(page).getByRole('button', { name: 'Nunca se ha hecho una copia de seguridad' });
/** The screens the top bar moves into "Más" where it is short. */
const LESS_USED = ['Clientes', 'Turno', 'Ajustes', 'Personas'];

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

/** The payment means, opening the payment panel first (F8) where it shows one line until opened. */
async function payWith(page: Page, means: '10' | '49'): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Medio de pago' });
  if (!(await select.isVisible())) await page.keyboard.press('F8');
  await select.selectOption(means);
}

async function receiveCash(page: Page, amount: string): Promise<void> {
  if (!(await cashReceived(page).isVisible())) await page.keyboard.press('F8');
  await cashReceived(page).fill(amount);
}

/**
 * Scans products (each a different one) into the sale, waiting for each line. On this shared 2-core machine a
 * scan's keys sometimes arrive too unevenly to read as one scan (the till then says a part of the code is not in
 * the catalog); a cashier scans again, and so does the test, noting it.
 */
async function scanInto(page: Page, barcodes: readonly string[]): Promise<void> {
  const lines = cart(page).getByRole('rowheader');
  const before = await lines.count();
  for (const [k, barcode] of barcodes.entries()) {
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('F2');
      await expect(productSearch(page)).toBeFocused();
      await productSearch(page).fill('');
      await scan(page, barcode);
      try {
        await expect(lines).toHaveCount(before + k + 1, { timeout: 5_000 });
        break;
      } catch (missed) {
        if (attempt === 3) throw missed;
        test.info().annotations.push({ type: 'rescan', description: `${barcode} scanned again (attempt ${attempt + 1})` });
        if (await dismissNotice(page).isVisible()) await dismissNotice(page).click();
      }
    }
  }
}

/** The counter's must-see elements, all in view without scrolling; the window does not scroll. */
async function expectCounterInView(page: Page, at: string, parts: Array<[Locator, string]>): Promise<void> {
  const problems = [...await verticalScroll(page)];
  for (const [locator, what] of [[cobrar(page), 'Cobrar'], [saleTotal(page), 'the total'], ...parts] as Array<[Locator, string]>) {
    problems.push(...await inView(locator, what));
  }
  expect.soft(problems, `${at}: the counter's Cobrar, total and change in view`).toEqual([]);
}

async function expectBannerHeight(page: Page, at: string, rest: number): Promise<void> {
  expect.soft(await bannerHeight(page), `${at}: the top bar keeps its ${rest} px height`).toBeCloseTo(rest, 0);
}

test.describe.configure({ timeout: 180_000 });

for (const size of SIZES) {
  test(`every screen at ${size.width}×${size.height}: in view, no sideways overflow, Spanish, no axe violations`, async ({ page }) => {
    const axe = axeAt(size);
    const at = (state: string) => `${state} at ${size.width}×${size.height}`;
    const check = (screen: string) => checkScreen(page, size, screen, { axe });
    // Right after Cobrar the receipt may take the screen within seconds: no time for axe.
    const quickCheck = (screen: string) => checkScreen(page, size, screen, { axe: false });
    /**
     * Until the core has validated `count` sales. The till puts a validated sale's receipt on screen by itself when
     * the counter is empty (renderer/sale/last-sale-fate.ts): that receipt is looked at, then Esc goes back.
     */
    const untilValidated = async (count: number, receiptScreen: string) => {
      await expect.poll(async () => (await callCore(app!, 'sales.search', { state: 'validated', limit: 10 })).total, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(count);
      const shown = await receipt(page).waitFor({ timeout: 5_000 }).then(() => true, () => false);
      if (shown) {
        await check(receiptScreen);
        await page.keyboard.press('Escape');
      }
      await expect(productSearch(page)).toBeVisible();
    };

    app = await startApp();
    const till = await staffTill(app);
    await page.setViewportSize(size);
    await openTill(page, app);
    await expect(page.getByText(`Vende: ${CASHIER.name}`)).toBeVisible();

    // The counter, empty: Cobrar and the total in view; the top bar's height at rest.
    await expect(emptyCart(page)).toBeVisible();
    const rest = await bannerHeight(page);
    await expectCounterInView(page, at('empty counter'), []);
    // A fresh till has never made a backup: the status bar says so, in view, and leads to Settings. The line comes
    // with the first status after the first paint: waited for, then measured.
    await expect(backupWarning(page), at('empty counter')).toBeVisible();
    expect.soft(await inView(backupWarning(page), 'the backup warning'), at('empty counter')).toEqual([]);
    await check('counter-empty');

    // The top bar's places: where the bar is short the less used ones are under "Más", a list in view when open;
    // elsewhere every one is a tab in the bar.
    const more = page.getByRole('banner').getByRole('button', { name: 'Más' });
    if (await more.isVisible()) {
      await more.click();
      const list = page.getByRole('list', { name: 'Más pantallas' });
      for (const place of LESS_USED) expect.soft(await inView(list.getByRole('button', { name: place }), place), at('Más open')).toEqual([]);
      await check('more-menu');
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
    } else {
      for (const place of LESS_USED) await expect.soft(page.getByRole('banner').getByRole('button', { name: place }), at('top bar')).toBeInViewport({ ratio: 1 });
    }

    // An error notice (Cobrar on an empty sale): the bar keeps its height and the notice's × is in view.
    await page.keyboard.press('F12');
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectBannerHeight(page, at('error notice'), rest);
    expect.soft(await inView(dismissNotice(page), 'the notice\'s ×'), at('error notice')).toEqual([]);
    await check('counter-error');
    await dismissNotice(page).click();

    // Eight lines, paid in cash with 50 000: Cobrar, the total and the change all in view.
    await scanInto(page, EIGHT_BARCODES);
    await payWith(page, '10');
    await receiveCash(page, '50000');
    await expect(page.getByTestId('cash-change')).toBeVisible();
    await expectCounterInView(page, at('8 lines, cash 50 000'), [[page.getByTestId('cash-change'), 'the change']]);
    await check('counter-8-lines-cash');

    // The same sale by card, charged: right after Cobrar the bar keeps its height.
    await payWith(page, '49');
    await expectCounterInView(page, at('8 lines, card'), []);
    await check('counter-card');
    await cobrar(page).click();
    await expect(emptyCart(page)).toBeVisible();
    await expectBannerHeight(page, at('right after Cobrar'), rest);
    await quickCheck('counter-after-charge');
    await untilValidated(4, 'receipt-card');

    // One product in cash with 50 000 received; after Cobrar the change to hand over is still in view.
    await scanInto(page, [CAFE.barcode]);
    await payWith(page, '10');
    await receiveCash(page, '50000');
    await expectCounterInView(page, at('cash 50 000'), [[page.getByTestId('cash-change'), 'the change']]);
    await check('counter-cash');
    await page.keyboard.press('F12');
    await expect(emptyCart(page)).toBeVisible();
    await expectBannerHeight(page, at('right after a cash Cobrar'), rest);
    await quickCheck('counter-cash-charged');
    // Back on the counter after the receipt: the last sale and its change to hand over, in view.
    await untilValidated(5, 'receipt-cash');
    // Soft, so that a counter without it still walks on to the other screens (and fails at the end).
    await expect.soft(page.getByTestId('last-change'), at('after a cash charge: the change to hand over')).toBeVisible({ timeout: 5_000 });
    await expectCounterInView(page, at('after a cash charge'), [[page.getByTestId('last-change'), 'the change to hand over']]);
    await check('counter-last-sale');

    // Cash short of the total: refused with an error notice; the bar keeps its height.
    await scanInto(page, [CAFE.barcode]);
    await receiveCash(page, '1000');
    await page.keyboard.press('F12');
    await expect(page.getByRole('alert').filter({ hasText: /efectivo/ }).first()).toBeVisible();
    await expectBannerHeight(page, at('cash short notice'), rest);
    expect.soft(await inView(dismissNotice(page), 'the notice\'s ×'), at('cash short notice')).toEqual([]);
    await check('counter-cash-short');

    // Parked (F3): the bar keeps its height.
    await page.keyboard.press('F3');
    await expect(emptyCart(page)).toBeVisible();
    await expectBannerHeight(page, at('after parking'), rest);
    await check('counter-parked');

    // The owner's PIN for a price change: a wrong PIN is said in the dialog; the right one unlocks the price.
    await scanInto(page, [CAFE.barcode]);
    await openLine(page, CAFE.name);
    await page.getByRole('button', { name: `Cambiar precio o impuesto: ${CAFE.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Se necesita el PIN del dueño' });
    await dialog.getByLabel('PIN del dueño').fill(CASHIER.pin);
    await dialog.getByRole('button', { name: 'Autorizar' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    expect.soft(await inView(dialog, 'the owner-PIN dialog'), at('owner PIN')).toEqual([]);
    // Modal, with a backdrop over the counter, and naming what it approves.
    expect.soft(await behindModal(dialog), at('owner PIN: the counter behind a backdrop')).toEqual([]);
    expect.soft(await dialog.innerText(), at('owner PIN: names the product')).toContain(CAFE.name);
    await check('owner-pin');
    await dialog.getByLabel('PIN del dueño').fill(OWNER.pin);
    await dialog.getByRole('button', { name: 'Autorizar' }).click();
    await expect(dialog).toBeHidden();
    await lineInput(page, 'Precio unitario', CAFE.name).fill('15000');
    await payWith(page, '49');
    await page.keyboard.press('F12');
    await expect(emptyCart(page)).toBeVisible();

    // History: the list (the last sale likely still on its way), then a validated sale's detail and its receipt.
    // The charge's notice is closed first, so History's own layout is what is measured.
    if (await dismissNotice(page).isVisible()) await dismissNotice(page).click();
    await expect.poll(async () => (await callCore(app!, 'sales.search', { state: 'validated', limit: 10 })).total, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await openHistory(page);
    const list = page.getByRole('table', { name: 'Ventas encontradas' });
    const company = till.saleNumbers[1] ?? '';
    await expect(list.getByRole('row').filter({ hasText: company })).toBeVisible();
    expect.soft(await historyColumns(list, 3), at('History list')).toEqual([]);
    await check('history');
    await list.getByRole('row').filter({ hasText: company }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    await check('history-detail');
    await page.getByRole('button', { name: /Ver (comprobante|factura)/ }).click();
    await expect(receipt(page)).toBeVisible();
    await check('receipt');

    await page.keyboard.press('F6');
    await expect(page.getByRole('heading', { name: 'Catálogo de productos', level: 1 })).toBeVisible();
    await expect(page.locator('table.catalog-table tbody tr').first()).toBeVisible();
    await check('catalog');

    await page.keyboard.press('Shift+F4');
    await expect(page.getByRole('heading', { name: 'Directorio de clientes', level: 1 })).toBeVisible();
    await check('customers');

    // Turno: the X report of the open shift.
    await goToScreen(page, 'Turno');
    await expect(page.getByRole('heading', { name: 'Turno de caja', level: 1 })).toBeVisible();
    // The cashier's shift is open: with people set up a till sells inside one (issue 26).
    await expect(page.getByText(/Turno abierto desde/)).toBeVisible();
    await check('shift-open');
    await page.getByRole('button', { name: 'Informe X' }).click();
    await expect(page.getByTestId('shift-report')).toBeVisible();
    await check('shift-x-report');

    await page.keyboard.press('F10');
    await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeAttached();
    await check('settings');
    // The status bar's backup warning opens Settings at its backups (the section in view and focused).
    await page.keyboard.press('F2');
    await backupWarning(page).click();
    const backups = page.getByRole('region', { name: 'Copias de seguridad' });
    await expect(backups).toBeFocused();
    expect.soft(await inView(backups.getByRole('heading', { name: 'Copias de seguridad' }), 'the backups heading'), at('settings backups')).toEqual([]);
    await expect(backups.getByText('Todavía no se ha hecho ninguna copia.')).toBeVisible();
    await check('settings-backup');
    await page.getByRole('radio', { name: /Servicio real/ }).check();
    await expect(page.getByRole('textbox', { name: /URL/ })).toBeVisible();
    await check('settings-service');

    // "Who is selling": the owner takes the till and looks at People, with the approval just given.
    await page.getByRole('banner').getByRole('button', { name: 'Cambiar de persona' }).click();
    await expect(page.getByRole('heading', { name: '¿Quién está vendiendo?' })).toBeVisible();
    await check('who-is-selling');
    // A PIN too short to be one is refused in Spanish, by the PIN field.
    await page.getByRole('radio', { name: new RegExp(OWNER.name) }).click();
    await page.getByLabel('PIN', { exact: true }).fill('12');
    const enter = page.getByRole('button', { name: 'Entrar' });
    if (await enter.isEnabled()) {
      await enter.click();
      await expect(page.getByRole('alert').first()).toBeVisible();
    }
    await check('who-is-selling-short-pin');
    await page.getByLabel('PIN', { exact: true }).fill(OWNER.pin);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText(`Vende: ${OWNER.name}`)).toBeVisible();
    await goToScreen(page, 'Personas');
    await expect(page.getByRole('table', { name: 'Autorizaciones del dueño' }).getByRole('row').filter({ hasText: 'CAF-500' })).toBeVisible();
    await check('people');
  });
}
