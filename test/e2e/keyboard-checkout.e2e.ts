/**
 * A whole checkout without touching the mouse: shortcuts, Tab, arrows and Enter only — from an empty cart, through a
 * new customer and the payment, to a charged sale. Every control on the way shows where the focus is.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { calculateTotals, formatCop } from '../../shared/money';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { latestSale } from './core-bridge';
import { cartRow, emptyCart, lineFigures, lineInput, linePanel, openTill, productSearch, saleTotal, saveScreen } from './counter';

const GASEOSA = { name: 'Gaseosa cola 1,5 L', price: '5500', tax: { code: '01', rate: '19' } };
const MAX_TABS = 40;

let app: AppProcess | null = null;

test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

/** The focused control has the focus ring (keyboard focus is :focus-visible and draws an outline). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    return element.matches(':focus-visible') && style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? 'ring' : 'no ring';
  });
  expect(ring).toBe('ring');
}

/** Presses Tab (a bounded number of times) until the control has the focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < MAX_TABS; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with ${MAX_TABS} presses of Tab`);
}

/** A person typing (slower than a scanner, so the keyboard-wedge detector leaves it alone). */
const typeLikeAPerson = (page: Page, text: string) => page.keyboard.type(text, { delay: 70 });

test('keyboard only: F2 search + Enter, Tab to the line and Enter for its quantity, F4 new customer, F8 payment, Tab to Cobrar + Enter', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await expect(emptyCart(page)).toBeVisible();

  await page.keyboard.press('F2');
  await expect(productSearch(page)).toBeFocused();
  await expectVisibleFocus(page);
  await typeLikeAPerson(page, 'gaseosa');
  await expect(page.getByRole('listbox', { name: 'Productos encontrados' }).getByRole('option', { selected: true })).toContainText(GASEOSA.name);
  await page.keyboard.press('Enter');
  await expect(lineFigures(page, GASEOSA.name)).toContainText('1 × $ 5.500');

  // Tab to the line's row, Enter opens its panel with the quantity focused and selected; Esc closes it.
  await tabTo(page, cartRow(page, GASEOSA.name));
  await page.keyboard.press('Enter');
  await expect(lineInput(page, 'Cantidad', GASEOSA.name)).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('4');
  await expect(lineInput(page, 'Cantidad', GASEOSA.name)).toHaveValue('4');
  await page.keyboard.press('Escape');
  await expect(linePanel(page)).toHaveCount(0);
  await expect(cartRow(page, GASEOSA.name)).toBeFocused();
  const totals = calculateTotals([{ quantity: '4', price: GASEOSA.price, discount_rate: '0', taxes: [GASEOSA.tax] }]);
  await expect(saleTotal(page)).toHaveText(formatCop(totals.payable, 'es-CO'));

  // F4: the customer panel; Tab to "Nuevo cliente", Enter opens the form, Tab walks through it.
  await page.keyboard.press('F4');
  await expect(page.getByRole('searchbox', { name: 'Buscar cliente' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Nuevo cliente' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Nuevo cliente' });
  await expect(form).toBeVisible();
  // The form takes the focus (its first field); Esc gives it back to "Nuevo cliente".
  await expect(form.getByLabel('Tipo de identificación')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nuevo cliente' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Tipo de identificación')).toBeFocused();
  await tabTo(page, form.getByLabel('Número de identificación'));
  await typeLikeAPerson(page, '52345678');
  await tabTo(page, form.getByLabel('Nombre o razón social'));
  await typeLikeAPerson(page, 'Luis Pérez');
  await tabTo(page, form.getByLabel('Correo electrónico'));
  await typeLikeAPerson(page, 'luis@example.co');
  await tabTo(page, form.getByLabel('Municipio (nombre o código DIVIPOLA)'));
  await typeLikeAPerson(page, '76001');
  await tabTo(page, form.getByRole('button', { name: 'Guardar y usar' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('current-customer')).toContainText('Luis Pérez');

  // F8: the payment; a closed list moves with the arrows (Efectivo → … → Tarjeta débito).
  await page.keyboard.press('F8');
  const means = page.getByLabel('Medio de pago');
  await expect(means).toBeFocused();
  await expectVisibleFocus(page);
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect(means).toHaveValue('49');

  await tabTo(page, page.getByRole('button', { name: /Cobrar/ }));
  await saveScreen(page, 'keyboard-checkout');
  await page.keyboard.press('Enter');
  await expect(emptyCart(page)).toBeVisible();
  await expect(productSearch(page)).toBeFocused(); // ready for the next customer

  const sale = await latestSale(app);
  expect(sale.items).toHaveLength(1);
  expect(sale.items[0]).toMatchObject({ name: GASEOSA.name, quantity: 4 });
  expect(sale.totals.payable).toBe(totals.payable);
  expect(sale.customer).toMatchObject({ name: 'Luis Pérez', identification: '52345678', municipality_code: '76001' });
  expect(sale.payment.means_code).toBe('49');
});
