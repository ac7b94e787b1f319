/**
 * A touch POS terminal (1024×768, touch screen): the owner makes a product a quick key in the catalog, and a sale is
 * rung up by tapping quick keys only, its quantity and the cash received typed on the on-screen keypad, and charged
 * with Cobrar. The stored sale is read back through the bridge; every visible button on the counter is a finger high.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { calculateTotals } from '../../shared/money';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore, latestSale } from './core-bridge';
import { cart, cartRow, emptyCart, lineFigures, lineInput, linePanel, openLine, openTill, productSearch, saleTotal, saveScreen, scan } from './counter';

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

const quickKeys = (page: Page) => page.getByRole('region', { name: 'Teclas rápidas' });
const quickKey = (page: Page, name: string) => quickKeys(page).getByRole('button', { name: new RegExp(`^${name}`) });
const keypad = (page: Page) => page.getByRole('group', { name: 'Teclado numérico' });
const key = (page: Page, name: string) => keypad(page).getByRole('button', { name, exact: true });

/** Buttons on the counter that show and are shorter than a finger (44 px), by name. */
async function shortButtons(page: Page): Promise<string[]> {
  return page.locator('.sale-screen button, .top-bar button').evaluateAll((buttons) => buttons
    .filter((b) => (b as HTMLElement).offsetParent !== null && b.getBoundingClientRect().height > 0)
    .filter((b) => b.getBoundingClientRect().height < 44 - 0.01 || b.getBoundingClientRect().width < 44 - 0.01)
    .map((b) => `${(b.getAttribute('aria-label') ?? b.textContent ?? '').trim()} ${Math.round(b.getBoundingClientRect().width)}×${Math.round(b.getBoundingClientRect().height)}`));
}

test('the owner makes a quick key; a sale rung up by touch alone: quick keys, the keypad for quantity and cash, Cobrar', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  // The counter opens ready to scan: the quick keys do not take the focus from the search.
  await expect(productSearch(page)).toBeFocused();
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await expect(quickKey(page, 'Tinto')).toBeVisible();

  // The owner (nobody set up yet: the till is its owner's) marks the chocolate as a quick key, first in the grid.
  // At 1024 px the catalog is under "Más" in the top bar.
  await page.getByRole('button', { name: 'Más', exact: true }).tap();
  await page.getByRole('list', { name: 'Más pantallas' }).getByRole('button', { name: /^Catálogo/ }).tap();
  await page.getByLabel('Buscar en el catálogo').fill('chocolate');
  await page.getByRole('row').filter({ hasText: 'Chocolate de mesa 500 g' }).getByRole('button', { name: 'Editar' }).tap();
  await page.getByLabel('Mostrar como tecla rápida en la venta').tap();
  await page.getByLabel('Orden en las teclas rápidas').fill('1');
  await page.getByRole('button', { name: 'Guardar producto' }).tap();
  await expect(page.getByText('Producto guardado: Chocolate de mesa 500 g.')).toBeVisible();
  expect(await callCore(app, 'catalog.get', { code: 'CHO-MES' })).toMatchObject({ quickKey: true, quickKeyOrder: 1 });
  await page.getByRole('button', { name: /^Venta/ }).tap();

  // The new key comes first; a category chip shows its keys only.
  await expect(quickKeys(page).locator('.quick-key').first()).toContainText('Chocolate de mesa 500 g');
  await quickKeys(page).getByRole('button', { name: 'Bebidas', exact: true }).tap();
  await expect(quickKey(page, 'Tinto')).toHaveCount(0);
  await quickKey(page, 'Gaseosa cola').tap();
  await quickKeys(page).getByRole('button', { name: 'Todos', exact: true }).tap();
  await quickKey(page, 'Tinto').tap();
  await quickKey(page, 'Tinto').tap();
  await quickKey(page, 'Chocolate de mesa').tap();
  await expect(lineFigures(page, 'Tinto (café preparado)')).toContainText('2 × $ 1.500');
  // Still ready to scan after the taps.
  await expect(productSearch(page)).toBeFocused();

  // The keypad: a quick key chooses its line's quantity ("Empanada", then 3: three empanadas).
  await page.getByRole('button', { name: 'Teclado', exact: true }).tap();
  await quickKey(page, 'Empanada de carne').tap();
  await expect(keypad(page)).toContainText('Escribe en: Cantidad · Empanada de carne');
  await key(page, 'Tecla 3').tap();
  await expect(lineFigures(page, 'Empanada de carne')).toContainText('3 × $ 3.000');
  // Touching a line opens its panel, its quantity chosen (the panel's own keypad): the first key replaces it, then
  // the keys add to it, ⌫ takes one off.
  await openLine(page, 'Tinto (café preparado)', 'tap');
  await expect(keypad(page)).toContainText('Escribe en: Cantidad · Tinto (café preparado)');
  // The panel's buttons (Listo, Quitar, the keys) are a finger high too.
  expect(await shortButtons(page)).toEqual([]);
  await key(page, 'Tecla 1').tap();
  await key(page, 'Tecla 2').tap();
  await key(page, 'Borrar').tap();
  await key(page, 'Tecla coma decimal').tap();
  await key(page, 'Tecla 5').tap();
  await expect(lineInput(page, 'Cantidad', 'Tinto (café preparado)')).toHaveValue('1,5');
  await key(page, 'Limpiar').tap();
  await key(page, 'Tecla 4').tap();
  await expect(lineInput(page, 'Cantidad', 'Tinto (café preparado)')).toHaveValue('4');
  await saveScreen(page, 'counter-touch-line-panel-1024x768');
  // OK closes the panel; the quick keys (and their keypad) are back, the search has the focus.
  await key(page, 'OK, aceptar').tap();
  await expect(linePanel(page)).toHaveCount(0);
  await expect(productSearch(page)).toBeFocused();
  await expect(lineFigures(page, 'Tinto (café preparado)')).toContainText('4 × $ 1.500');
  await expect(cart(page).getByRole('row')).toHaveCount(5); // header + 4 lines

  // Cash received by keypad: 100 then 000.
  const cash = page.getByLabel('Recibido en efectivo');
  await cash.tap();
  await key(page, 'Tecla 1').tap();
  await key(page, 'Tecla 00').tap();
  await key(page, 'Tecla 000').tap();
  await expect(cash).toHaveValue('100000');
  await expect(key(page, 'Tecla coma decimal')).toBeDisabled(); // whole pesos
  await expect(page.getByTestId('cash-change')).toBeVisible();

  // The keys and the keypad meet WCAG 2.1 A/AA (names, contrast, states).
  const axe = await new AxeBuilder({ page }).include('.quick-keys').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Every button on the counter is at least 44 px high and wide on a touch screen.
  expect(await shortButtons(page)).toEqual([]);
  await saveScreen(page, 'counter-touch-1024x768');
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByRole('button', { name: /^Cobrar/ })).toBeVisible();
  expect(await shortButtons(page)).toEqual([]);
  await saveScreen(page, 'counter-touch-1366x768');
  for (const [width, height] of [[1093, 614], [1280, 800], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    expect(await shortButtons(page), `${width}×${height}`).toEqual([]);
    await saveScreen(page, `counter-touch-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1024, height: 768 });

  const total = await saleTotal(page).textContent();
  await page.getByRole('button', { name: /^Cobrar/ }).tap();
  await expect(emptyCart(page)).toBeVisible();

  const sale = await latestSale(app);
  expect(sale.items.map((i) => [i.code, i.quantity])).toEqual([['GAS-15', 1], ['TIN-CAF', 4], ['CHO-MES', 1], ['EMP-CAR', 3]]);
  expect(Number(sale.cash?.received)).toBe(100_000);
  const payable = calculateTotals(sale.items.map((i) => ({ quantity: i.quantity, price: i.price, discount_rate: i.discount_rate, taxes: i.taxes }))).payable;
  expect(sale.totals.payable).toBe(payable);
  expect(total).not.toBe('');
});

test('the keypad leaves a price the cart locked for a cashier as it is, and OK gives the search back its focus', async ({ page }) => {
  app = await startApp();
  await callCore(app, 'people.save', { person: { name: 'Ana', role: 'owner', pin: '2468' } });
  const beto = await callCore(app, 'people.save', { person: { name: 'Beto', role: 'cashier', pin: '1357' } });
  await callCore(app, 'people.signIn', { personId: beto.id, pin: '1357' });
  // With people set up a till sells inside a shift (issue 26).
  await callCore(app, 'shifts.open', { openingCash: 0 });
  await openTill(page, app);
  await expect(productSearch(page)).toBeFocused();
  await quickKey(page, 'Tinto').tap();
  await page.getByRole('button', { name: 'Teclado', exact: true }).tap();
  await openLine(page, 'Tinto (café preparado)', 'tap');
  const price = lineInput(page, 'Precio unitario', 'Tinto (café preparado)');
  const before = await price.inputValue();
  await price.tap();
  await expect(keypad(page)).toContainText('Escribe en: Precio unitario · Tinto (café preparado)');
  await key(page, 'Tecla 9').tap();
  await expect(price).toHaveValue(before);
  await key(page, 'OK, aceptar').tap();
  await expect(productSearch(page)).toBeFocused();
});

test.describe('with a mouse and keys', () => {
  test.use({ hasTouch: false, viewport: { width: 1366, height: 768 } });

  test('a quick key clicked leaves the focus in the search: the scanner and F12 go on as before, sizes stay the desktop ones', async ({ page }) => {
    app = await startApp();
    await openTill(page, app);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(false);
    await expect(productSearch(page)).toBeFocused();
    await quickKey(page, 'Tinto').click();
    await expect(productSearch(page)).toBeFocused();
    // A scan right after the click: the wedge adds the product, nothing typed stays in the search.
    await scan(page, '7702001001002');
    await expect(cart(page).getByRole('rowheader', { name: /Café molido tradicional/ })).toBeVisible();
    await expect(productSearch(page)).toHaveValue('');
    // The desktop keeps its sizes: a cart row's button is one compact line of text, not a 44 px target.
    const row = cartRow(page, 'Tinto (café preparado)');
    expect((await row.boundingBox())?.height ?? 0).toBeLessThan(44);
    await saveScreen(page, 'counter-quick-keys-1366x768');
    await page.keyboard.press('F12');
    await expect(emptyCart(page)).toBeVisible();
    const sale = await latestSale(app);
    expect(sale.items.map((i) => i.code)).toEqual(['TIN-CAF', 'CAF-500']);
  });
});
