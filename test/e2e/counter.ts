/**
 * The cashier's screens as the tests use them: found by their accessible roles and Spanish names (the default UI),
 * so a control that loses its label breaks a test. Also saves the screenshots the README shows.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppProcess } from './app-process';

const SCREENSHOTS = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results', 'screenshots');

/** The window as the cashier sees it, or one element of it whole (a receipt is taller than the window). */
export async function saveScreen(page: Page, name: string, part?: Locator): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const options = { path: join(SCREENSHOTS, `${name}.png`), scale: 'css' as const };
  if (part) await part.screenshot(options);
  else await page.screenshot({ ...options, fullPage: true });
}

export const productSearch = (page: Page): Locator => page.getByRole('combobox', { name: /Buscar producto/ });
export const cart = (page: Page): Locator => page.getByRole('table', { name: 'Productos de la venta' });
export const emptyCart = (page: Page): Locator => page.getByText('Sin productos. Escanee un código de barras o busque un producto (F2).');
export const saleTotal = (page: Page): Locator => page.getByTestId('sale-total');
export const chargeButton = (page: Page): Locator => page.getByRole('button', { name: /Cobrar/ });
export const statusBar = (page: Page): Locator => page.getByRole('contentinfo', { name: 'Estado' });
export const receipt = (page: Page): Locator => page.getByTestId('receipt');

/**
 * The customer and payment panels are one line each until opened (F4 / F8, or their "Cambiar" button): these open
 * them with the mouse, as a cashier at a touch screen would.
 */
export async function openCustomerPanel(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cambiar cliente' }).click();
  await expect(page.getByRole('searchbox', { name: 'Buscar cliente' })).toBeFocused();
}
export async function openPaymentPanel(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cambiar pago' }).click();
  await expect(page.getByLabel('Medio de pago')).toBeFocused();
}

/** The app's address with its key; the sale screen is ready when the product search is. */
export async function openTill(page: Page, app: AppProcess): Promise<void> {
  await page.goto(app.url);
  await expect(productSearch(page)).toBeVisible();
  await expect(statusBar(page)).toBeVisible();
}

/** A barcode scanner in keyboard-wedge mode: the digits as fast keystrokes, then Enter, wherever the focus is. */
export async function scan(page: Page, barcode: string): Promise<void> {
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
}

/** F2, type part of the name, pick the product from the list with Enter. */
export async function addBySearch(page: Page, text: string, productName: string): Promise<void> {
  await page.keyboard.press('F2');
  await expect(productSearch(page)).toBeFocused();
  await page.keyboard.type(text, { delay: 60 });
  const results = page.getByRole('listbox', { name: 'Productos encontrados' });
  await expect(results.getByRole('option', { selected: true })).toContainText(productName);
  await page.keyboard.press('Enter');
  await expect(cart(page).getByRole('rowheader', { name: new RegExp(productName) })).toBeVisible();
}

/** A field of a cart line: it is in the line panel, so the line is opened first (`openLine`). */
export const lineInput = (page: Page, field: 'Cantidad' | 'Precio unitario' | 'Desc. %', productName: string): Locator =>
  page.getByRole('textbox', { name: `${field}: ${productName}`, exact: true });

/** A cart row's button: the control that opens its line panel (a click, a touch, or Enter). */
export const cartRow = (page: Page, productName: string): Locator =>
  cart(page).getByRole('rowheader', { name: productName }).getByRole('button');
/** A cart row's figures as the cashier reads them: the amount, then "cantidad × precio unitario · IVA 19 %". */
export const lineFigures = (page: Page, productName: string): Locator =>
  cart(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: productName }) }).locator('.line-figures');
export const linePanel = (page: Page): Locator => page.getByRole('region', { name: /^Línea \d+:/ });

/** Opens a line in its panel (with the mouse, or a tap with `how: 'tap'`), unless that line is open already. */
export async function openLine(page: Page, productName: string, how: 'click' | 'tap' = 'click'): Promise<void> {
  const panel = page.getByRole('region', { name: new RegExp(`^Línea \\d+: ${productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  if (await panel.isVisible()) return;
  await cartRow(page, productName)[how]();
  await expect(panel).toBeVisible();
  await expect(lineInput(page, 'Cantidad', productName)).toBeFocused();
}

/**
 * A screen by its name in the top bar. Where the bar is short the less used screens are under "Más"
 * (renderer/app/MoreScreens.tsx): then "Más" is opened and the entry taken from its list, as a cashier would.
 */
export async function goToScreen(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('banner');
  const tab = bar.getByRole('navigation').getByRole('button', { name: new RegExp(`^${name}( F\\d+)?$`) });
  if (await tab.isVisible()) {
    await tab.click();
    return;
  }
  await bar.getByRole('button', { name: 'Más' }).click();
  await page.getByRole('list', { name: 'Más pantallas' }).getByRole('button', { name: new RegExp(`^${name}( F\\d+)?$`) }).click();
}

/** History (F9): the row of one sale, found by its reference. */
export async function openHistory(page: Page): Promise<void> {
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: /Historial/, level: 1 })).toBeVisible();
}

export const historyRow = (page: Page, referenceCode: string): Locator =>
  page.getByRole('table', { name: 'Ventas encontradas' }).getByRole('row').filter({ hasText: referenceCode });
