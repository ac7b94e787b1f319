/**
 * Issue 18's restore round trip, as an owner lives it: a till with an owner, sales, a closed shift and its Z report,
 * connected to a real invoicing service (its secret in this till's keychain), copies itself from Settings → Copias
 * de seguridad (a plain copy in the data folder, then an encrypted one on "a USB drive", a folder outside it). A new
 * till on a fresh data folder, with its own keychain, restores the copy from Settings: it says what the copy holds
 * before replacing anything, the sales are back in History and the Z report in Turno, and the screen says the client
 * secret is not in the copy and asks for it. The encrypted copy needs its passphrase; a wrong one is said in Spanish.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { consumidorFinal } from '../../shared/customer';
import { startApp, type AppProcess, disposeApp } from './app-process';
import { callCore } from './core-bridge';
import { historyRow, openHistory, openTill, saveScreen } from './counter';
import { startInvoicingService, type InvoicingService } from './invoicing-service';
import { expectSpanishScreen } from './spanish-check';


const OWNER = { name: 'Ana Dueña', pin: '2468' };
const SECRET = `e2e-secret-${randomBytes(16).toString('hex')}`;
const CLIENT_ID = 'fc_tienda_copias';
const PASSPHRASE = 'la tienda de doña Rosa 1981';
const walkIn = () => consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
// From electron/core/app/demo-catalog.ts, at their catalog prices.
const CAFE = { code: 'CAF-500', name: 'Café molido tradicional 500 g', unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] };
const ARROZ = { code: 'ARZ-1KG', name: 'Arroz blanco 1 kg', unit_measure: 'KGM', price: 4950, discount_rate: 0, taxes: [{ code: '01', rate: 0 }] };
const BY_CARD = { form_code: '1', means_code: '49' };

let service: InvoicingService | null = null;
const apps: AppProcess[] = [];
const folders: string[] = [];

test.afterEach(async () => {
  for (const app of apps.splice(0)) {
    await disposeApp(app);
  }
  await service?.stop();
  service = null;
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const backupSection = (page: Page) => page.getByRole('region', { name: 'Copias de seguridad' });
const restoreSection = (page: Page) => page.getByRole('region', { name: 'Restaurar una copia' });

async function openBackups(page: Page): Promise<void> {
  await page.keyboard.press('F10');
  await expect(page.getByRole('heading', { name: 'Conexión' })).toBeVisible();
  await backupSection(page).scrollIntoViewIfNeeded();
}

/** The section as the owner sees it, at the smallest supported window and at a common laptop's. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const size of [{ width: 1024, height: 768 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    const section = backupSection(page);
    // The window as the owner sees it: the section's top, then its restore part (it is taller than the window).
    await section.getByRole('heading', { name: 'Copias de seguridad' }).scrollIntoViewIfNeeded();
    await saveScreen(page, `backup-${name}-${size.width}x${size.height}`);
    await restoreSection(page).getByRole('button', { name: 'Ver qué contiene' }).scrollIntoViewIfNeeded();
    await saveScreen(page, `backup-${name}-restore-${size.width}x${size.height}`);
    // Nothing inside either section is cut or pushed past its edges (a long path scrolls inside its own field).
    for (const part of [section, restoreSection(page)]) {
      const outside = await part.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll('*')].filter((c) => { const r = c.getBoundingClientRect(); return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1); })
          .map((c) => `${c.tagName.toLowerCase()}#${c.id} «${(c.textContent ?? '').slice(0, 30)}»`);
      });
      expect(outside, `past the section's edges at ${size.width}×${size.height}`).toEqual([]);
      expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    // The Settings grid itself is another part's (renderer/app, SettingsScreen): a page wider than the window is noted.
    const [wide, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (wide! > inner!) test.info().annotations.push({ type: 'settings-grid', description: `Settings is ${wide} px wide in a ${inner} px window` });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

/** Reads a copy from Settings, with the owner's PIN if the till asks for it. */
async function inspect(page: Page, file: string, passphrase: string): Promise<void> {
  const section = restoreSection(page);
  await section.getByLabel('Archivo de la copia').fill(file);
  await section.getByLabel(/^Contraseña \(si la copia/).fill(passphrase);
  await section.getByRole('button', { name: 'Ver qué contiene' }).click();
  await ownerPinIfAsked(page);
}

async function ownerPinIfAsked(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Se necesita el PIN del dueño' });
  if (await dialog.waitFor({ state: 'visible', timeout: 1_500 }).then(() => true, () => false)) {
    await dialog.getByLabel('PIN del dueño').fill(OWNER.pin);
    await dialog.getByRole('button', { name: 'Autorizar' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** After a restore the till runs on the copy: nobody is signed in on this computer yet. */
async function ownerSignsIn(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: '¿Quién está vendiendo?' })).toBeVisible();
  await expectSpanishScreen(page);
  await page.getByRole('radio', { name: new RegExp(OWNER.name) }).click();
  await page.getByLabel('PIN', { exact: true }).fill(OWNER.pin);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(`Vende: ${OWNER.name}`)).toBeVisible();
}

test('an owner restores the copy on a new till: what it holds first, then the sales in History, the Z report in Turno, and the secret asked for', async ({ page }) => {
  test.setTimeout(240_000);
  const serviceDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-service-'));
  const usb = mkdtempSync(join(tmpdir(), 'mostrador-e2e-usb-'));
  folders.push(serviceDir, usb);
  service = await startInvoicingService({ dir: serviceDir, clientId: CLIENT_ID, clientSecret: SECRET, validationDelayMs: 500 });

  // The shop's till: an owner, a shift with two card sales (validated by the demo service), closed with its Z report.
  const first = await startApp();
  apps.push(first);
  const owner = await callCore(first, 'people.save', { person: { name: OWNER.name, role: 'owner', pin: OWNER.pin } });
  await callCore(first, 'people.signIn', { personId: owner.id, pin: OWNER.pin });
  const shift = await callCore(first, 'shifts.open', { openingCash: 100000 });
  const charged = [];
  for (const items of [[{ ...CAFE, quantity: 2 }], [{ ...ARROZ, quantity: 3 }, { ...CAFE, quantity: 1 }]]) {
    charged.push(await callCore(first, 'sales.charge', { customer: walkIn(), items, payment: BY_CARD }));
  }
  await expect.poll(async () => (await callCore(first, 'sales.search', { state: 'validated', limit: 10 })).total, { timeout: 30_000 }).toBe(2);
  await callCore(first, 'shifts.close', { shiftId: shift.id, count: { bills: { '100000': 1 }, coins: {} } });
  // The close starts a copy by itself (after its answer): the till's first good copy.
  await expect.poll(async () => (await callCore(first, 'backup.status', {})).lastGood?.counts.sales, { timeout: 30_000 }).toBe(2);
  // A sale after the close, in the next shift (with people set up a till sells inside a shift: issue 26).
  await callCore(first, 'shifts.open', { openingCash: 0 });
  charged.push(await callCore(first, 'sales.charge', { customer: walkIn(), items: [{ ...CAFE, quantity: 3 }], payment: BY_CARD }));
  // Validated before the till moves to the real service: a demo sale is for the demo service only.
  await expect.poll(async () => (await callCore(first, 'sales.search', { state: 'validated', limit: 10 })).total, { timeout: 30_000 }).toBe(3);
  const references = await Promise.all(charged.map(async (c) => (await callCore(first, 'sales.get', { id: c.saleId }))!.referenceCode));

  await openTill(page, first);
  await page.getByRole('button', { name: 'Turno' }).click();
  await page.getByRole('button', { name: 'Ver informe Z' }).click();
  const zTotal = await page.getByTestId('shift-report').getByTestId('report-total').innerText();

  // Connected to the shop's real service: the secret goes to this till's keychain.
  await page.keyboard.press('F10');
  await page.getByRole('radio', { name: 'Servicio real' }).check();
  await page.getByLabel('URL base del servicio').fill(service.baseUrl);
  await page.getByLabel('Identificador de cliente').fill(CLIENT_ID);
  await page.getByLabel('Clave secreta').fill(SECRET);
  await page.getByRole('button', { name: 'Guardar conexión' }).click();
  await expect(page.getByText(`Conectado a ${service.baseUrl} como ${CLIENT_ID} · secreto guardado en el llavero`)).toBeVisible();

  // A copy now, into the data folder (plain); the one the close made is the last good one until then.
  await openBackups(page);
  const section = backupSection(page);
  await expect(section.getByText(/^Última copia buena: .+ \(2 ventas\)\.$/)).toBeVisible();
  await section.getByRole('button', { name: 'Hacer una copia ahora' }).click();
  await expect(section.getByText(/^Última copia buena: .+ \(3 ventas\)\.$/)).toBeVisible();
  await expectSpanishScreen(page);
  await screenshots(page, 'made');
  const plainCopy = readdirSync(join(first.dataDir, 'backups')).filter((n) => n.endsWith('.sqlite'));
  expect(plainCopy).toHaveLength(1);
  const plainPath = join(first.dataDir, 'backups', plainCopy[0]!);

  // A fourth sale, then the USB drive: outside the data folder, so the copies are encrypted and need a passphrase.
  await callCore(first, 'sales.charge', { customer: walkIn(), items: [{ ...ARROZ, quantity: 1 }], payment: BY_CARD });
  await section.getByLabel('Carpeta de las copias').fill(usb);
  await section.getByRole('button', { name: 'Guardar carpeta' }).click();
  await ownerPinIfAsked(page);
  await expect(section.getByRole('alert')).toHaveText('Las copias fuera de la carpeta de datos se cifran: escriba una contraseña de al menos 10 caracteres.');
  await section.getByLabel('Contraseña de las copias cifradas').fill(PASSPHRASE);
  await section.getByRole('button', { name: 'Guardar carpeta' }).click();
  await ownerPinIfAsked(page);
  await expect(section.getByText('Carpeta de copias guardada.')).toBeVisible();
  await section.getByRole('button', { name: 'Hacer una copia ahora' }).click();
  await expect(section.getByText(/^Última copia buena: .+ \(4 ventas\)\.$/)).toBeVisible();
  await expect(section.getByText('Hay una contraseña guardada; escriba otra solo para cambiarla.')).toBeVisible();
  const encrypted = readdirSync(usb);
  expect(encrypted).toHaveLength(1);
  expect(encrypted[0]).toMatch(/\.sqlite\.enc$/);
  const encryptedPath = join(usb, encrypted[0]!);
  // Unreadable without the passphrase: no SQLite header, no customer's e-mail in the clear.
  const bytes = readFileSync(encryptedPath);
  expect(bytes.includes('SQLite format 3')).toBe(false);
  expect(bytes.includes('caja@demo.example.co')).toBe(false);
  await expectSpanishScreen(page);
  await first.stop();

  // A new computer: a fresh data folder and a keychain without the shop's secret.
  const second = await startApp();
  apps.push(second);
  await openTill(page, second);
  await openBackups(page);
  const fresh = restoreSection(page);

  // The encrypted copy: without its passphrase, then with a wrong one, it is not read and nothing is replaced.
  await inspect(page, encryptedPath, '');
  await expect(fresh.getByRole('alert')).toHaveText('La copia está cifrada: escriba su contraseña.');
  await inspect(page, encryptedPath, 'no es la contraseña');
  await expect(fresh.getByRole('alert')).toHaveText('La contraseña no es la de esta copia.');
  await expect(fresh.getByRole('button', { name: 'Reemplazar los datos por esta copia' })).toHaveCount(0);
  await inspect(page, join(usb, 'no-existe.sqlite.enc'), '');
  await expect(fresh.getByRole('alert')).toHaveText('No hay ningún archivo en esa ruta.');
  await expectSpanishScreen(page);
  await screenshots(page, 'wrong-passphrase');
  expect((await callCore(second, 'sales.search', { limit: 10 })).total).toBe(0);

  // The plain copy: what it holds first (date, sales, last sale number, closed shifts), then the owner confirms.
  await inspect(page, plainPath, '');
  const preview = fresh.getByRole('status').filter({ hasText: /^Copia del / });
  await expect(preview).toHaveText(/^Copia del .+: 3 ventas, última venta n\.º 0+3, 1 turno cerrado\. Nada se ha reemplazado todavía\.$/);
  expect((await callCore(second, 'sales.search', { limit: 10 })).total).toBe(0);
  await expectSpanishScreen(page);
  await screenshots(page, 'preview');
  await fresh.getByRole('button', { name: 'Reemplazar los datos por esta copia' }).click();
  // The till now runs on the copy, whose people sign in: the owner, with her PIN.
  await ownerSignsIn(page);
  await expect(fresh.getByText('Copia restaurada y Mostrador abierto de nuevo sobre ella.')).toBeVisible();
  // The secret was in the first till's keychain only: the screen says so and takes the owner to it.
  const secretAsked = fresh.getByRole('alert');
  await expect(secretAsked).toContainText('La clave secreta del servicio de facturación no está en la copia');
  await expectSpanishScreen(page);
  await screenshots(page, 'restored');
  await secretAsked.getByRole('button', { name: 'Escribir la clave secreta' }).click();
  await expect(page.getByLabel('Clave secreta')).toBeFocused();
  await expect(page.getByLabel('Identificador de cliente')).toHaveValue(CLIENT_ID);
  expect((await callCore(second, 'settings.get', {})).connection).toMatchObject({ mode: 'service', clientId: CLIENT_ID, secretState: 'missing' });

  // The sales are in History and the Z report in Turno, with the same total.
  await page.keyboard.press('Escape');
  await openHistory(page);
  for (const reference of references) await expect(historyRow(page, reference)).toHaveCount(1);
  await page.getByRole('button', { name: 'Turno' }).click();
  await page.getByRole('button', { name: 'Ver informe Z' }).click();
  await expect(page.getByTestId('shift-report')).toContainText('Informe Z');
  await expect(page.getByTestId('shift-report').getByTestId('report-total')).toHaveText(zTotal);

  // The encrypted copy, with its passphrase: the fourth sale comes back too.
  await openBackups(page);
  await inspect(page, encryptedPath, PASSPHRASE);
  await expect(restoreSection(page).getByRole('status').filter({ hasText: /^Copia del / }))
    .toHaveText(/^Copia del .+: 4 ventas, última venta n\.º 0+4, 1 turno cerrado\. Nada se ha reemplazado todavía\.$/);
  await restoreSection(page).getByRole('button', { name: 'Reemplazar los datos por esta copia' }).click();
  await ownerSignsIn(page);
  await expect(restoreSection(page).getByText('Copia restaurada y Mostrador abierto de nuevo sobre ella.')).toBeVisible();
  expect((await callCore(second, 'sales.search', { limit: 10 })).total).toBe(4);
  // The till it replaced is kept beside the data file.
  expect(readdirSync(second.dataDir).filter((n) => /^mostrador\.sqlite\.replaced-[^-]/.test(n) && !/-(wal|shm)$/.test(n))).toHaveLength(2);
});
