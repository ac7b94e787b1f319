/**
 * Issue 17, "Spanish everywhere", driven on the screens where testers saw English: a wrong PIN, the owner's
 * approvals (one recorded as facts, one written in English before issue 17), a sale's sending attempts, the
 * connection check against an address where nothing answers, and a tax on the counter, the catalog and the history.
 * Each screen is also checked whole with expectSpanishScreen.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, type Page } from '@playwright/test';
import { hashPin } from '../../common/pin-hash';
import { openStore } from '../../electron/core/store';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { latestSale } from './core-bridge';
import { addBySearch, lineFigures, lineInput, linePanel, openHistory, openLine, productSearch, saveScreen, statusBar } from './counter';
import { expectSpanishScreen } from './spanish-check';

const CAFE = { code: 'CAF-500', name: 'Café molido tradicional 500 g' };
const OWNER = { name: 'Ana Dueña', pin: '2468' };
const NBSP = '\u00A0';
const IVA5 = `IVA${NBSP}5${NBSP}%`;

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

/** An owner, an approval recorded as facts and one recorded as an English sentence (as before issue 17). */
async function seed(dataDir: string): Promise<void> {
  const path = join(dataDir, 'mostrador.sqlite');
  const store = openStore({ path });
  const owner = store.addPerson({ name: OWNER.name, role: 'owner', pinHash: await hashPin(OWNER.pin) });
  store.recordOverride({
    owner, cashier: null, action: 'price', detail: {
      kind: 'price', lines: [{
        code: 'PAN-01', name: 'Pan tajado', catalogPrice: '4201.68', catalogTaxes: [{ code: '01', rate: '19' }],
        chargedPrice: '4000', chargedTaxes: [{ code: '01', rate: '19' }],
      }],
    },
  });
  store.close();
  const db = new Database(path);
  db.prepare(`INSERT INTO overrides (at, owner_id, owner_name, cashier_name, action, detail) VALUES (1, ?, ?, 'Beto', 'price', ?)`)
    .run(owner.id, owner.name, `${CAFE.code} ${CAFE.name}: catalog price 11200, 01 5 %; charged price 10500, 01 5 %`);
  db.close();
}

async function signInProblem(page: Page, pin: string, said: string): Promise<string> {
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const problem = page.locator('#sign-in-error');
  await expect(problem).toContainText(said);
  return (await problem.textContent()) ?? '';
}

test('the screens testers found English on say it in Spanish, by code', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-spanish-'));
  await seed(dataDir);
  app = await startApp({ dataDir });
  await page.goto(app.url);

  // A wrong PIN: the rule in words, never "pin: must be 4 to 8 digits".
  await expect(page.getByRole('heading', { name: '¿Quién está vendiendo?' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(OWNER.name) }).click();
  const short = await signInProblem(page, '12', 'PIN: debe tener de 4 a 8 dígitos');
  expect(short).not.toMatch(/pin:|must/);
  await expectSpanishScreen(page);
  await signInProblem(page, '1111', 'el PIN no es correcto');
  await saveScreen(page, 'spanish-wrong-pin');
  await page.getByLabel('PIN', { exact: true }).fill(OWNER.pin);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(productSearch(page)).toBeVisible();

  // The counter: the tax as "IVA 5 %" on the line and in the totals; a typed price shows grouped once left.
  await addBySearch(page, 'cafe molido', CAFE.name);
  await expect(lineFigures(page, CAFE.name)).toContainText(`1 × $${NBSP}18.900 · ${IVA5}`);
  await openLine(page, CAFE.name);
  const taxChoice = linePanel(page).getByRole('combobox', { name: `Impuesto: ${CAFE.name}` });
  await expect(taxChoice.locator('option:checked')).toHaveText(IVA5);
  await expect(page.getByRole('region', { name: 'Totales' })).toContainText(IVA5);
  const price = lineInput(page, 'Precio unitario', CAFE.name);
  await expect(price).toHaveValue('18.900');
  await price.fill('18900');
  await price.blur();
  await expect(price).toHaveValue('18.900');
  await expect(page.getByTestId('sale-total')).toHaveText(`$${NBSP}19.845`);
  await expectSpanishScreen(page);
  await page.keyboard.press('F12');
  // A till with people sells inside a shift (issue 26): Cobrar asks to open one, in Spanish, and then charges.
  const ask = page.getByRole('alertdialog', { name: 'No hay un turno abierto' });
  await expect(ask).toBeVisible();
  await expectSpanishScreen(page);
  await ask.getByLabel('Efectivo inicial en la caja').fill('100.000');
  await ask.getByRole('button', { name: 'Abrir turno y cobrar' }).click();
  await expect(page.getByText(/guardada/).first()).toBeVisible();
  await expectSpanishScreen(page);
  await page.getByRole('button', { name: 'Cerrar mensaje' }).first().click(); // the notice, out of the screenshots below

  // The owner's approvals: facts said in Spanish, and the old English sentence read back as facts.
  await page.getByRole('button', { name: 'Personas' }).click();
  const log = page.getByRole('table', { name: 'Autorizaciones del dueño' });
  await expect(log).toContainText(`Pan tajado (PAN-01): precio del catálogo $${NBSP}4.201,68 con IVA${NBSP}19${NBSP}%; cobrado $${NBSP}4.000 con IVA${NBSP}19${NBSP}%`);
  await expect(log).toContainText(`${CAFE.name} (${CAFE.code}): precio del catálogo $${NBSP}11.200 con ${IVA5}; cobrado $${NBSP}10.500 con ${IVA5}`);
  await expect(log).not.toContainText('catalog price');
  await expectSpanishScreen(page);
  await saveScreen(page, 'spanish-approvals', log);

  // The catalog names the tax the same way.
  await page.keyboard.press('F6');
  const catalogRow = page.getByRole('row').filter({ hasText: CAFE.code }).first();
  await expect(catalogRow).toContainText(IVA5);
  await expect(catalogRow).toContainText(`$${NBSP}18.900`);
  await expect(catalogRow).not.toContainText('01 ·');
  await expectSpanishScreen(page);

  // The sale's detail: its attempts in words (never "QUEUED"), its tax as on the counter.
  const sale = await latestSale(app);
  await openHistory(page);
  const table = page.getByRole('table', { name: 'Ventas encontradas' });
  await expect(table.getByRole('row').filter({ hasText: sale.referenceCode }).first()).toContainText('Validada', { timeout: 45_000 });
  await table.getByRole('button', { name: `Ver detalle de la venta ${sale.referenceCode}` }).click();
  const detail = page.getByRole('region', { name: /^Venta Caja 1 · \d{6}$/ });
  const attempts = detail.getByRole('list', { name: 'Envíos al servicio' });
  await expect(attempts).toContainText('Recibida por el servicio');
  await expect(attempts).not.toContainText('QUEUED');
  await expect(detail).toContainText(IVA5);
  await expectSpanishScreen(page);
  await saveScreen(page, 'spanish-sale-detail', detail);

  // The connection check against an address where nothing answers.
  await page.keyboard.press('F10');
  await page.getByRole('radio', { name: 'Servicio real' }).check();
  await page.getByLabel('URL base del servicio').fill('http://127.0.0.1:9');
  await page.getByLabel('Identificador de cliente').fill('fc_tienda');
  await page.getByLabel('Clave secreta').fill('un-secreto');
  await page.getByRole('button', { name: 'Guardar conexión' }).click();
  await expect(page.getByLabel('URL base del servicio')).toHaveAccessibleDescription(/no se pudo contactar/, { timeout: 30_000 });
  await expect(page.getByText(/Could not|answered|Client ID/)).toHaveCount(0);
  await expect(statusBar(page).getByText('DEMO', { exact: true })).toBeVisible();
  await expectSpanishScreen(page);
  await saveScreen(page, 'spanish-connection-check');
});
