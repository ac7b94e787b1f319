/**
 * Settings → Autorización de numeración DIAN: bad values refused in Spanish by the shared schema, a saved range ending
 * soon is warned about at the top of Settings, and the section fits every till's screen.
 */
import { test, expect } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { goToScreen, openTill, saveScreen } from './counter';

let app: AppProcess | null = null;

test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const SIZES = [[1024, 768], [1093, 614], [1280, 800], [1366, 768], [1920, 1080]] as const;
const day = (offset: number): string => new Date(Date.now() - 5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test('the numbering authorisation: Spanish refusals, saved, and a warning when its validity ends soon', async ({ page }) => {
  app = await startApp();
  await openTill(page, app);
  await goToScreen(page, 'Ajustes');
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Autorización de numeración DIAN' }) });
  await expect(form.getByLabel('Número de la resolución')).toHaveValue('18760000001'); // the demo's sandbox range

  await form.getByLabel('Número de la resolución').fill('Res. 12');
  await form.getByLabel('Fecha de la resolución').fill('2024-02-30');
  await form.getByLabel('Hasta el número').fill('100');
  await form.getByRole('button', { name: 'Guardar autorización' }).click();
  await expect(form.getByLabel('Número de la resolución')).toHaveAccessibleDescription('Solo dígitos: el número de la resolución');
  await expect(form.getByLabel('Fecha de la resolución')).toHaveAccessibleDescription('Escriba una fecha válida (AAAA-MM-DD)');
  await expect(form.getByLabel('Hasta el número')).toHaveAccessibleDescription('No puede ser menor que el número inicial');

  await form.getByLabel('Número de la resolución').fill('18764000001');
  await form.getByLabel('Fecha de la resolución').fill('2025-03-01');
  await form.getByLabel('Hasta el número').fill('995000000');
  await form.getByLabel('Vigente hasta').fill(day(12));
  await form.getByRole('button', { name: 'Guardar autorización' }).click();
  const notice = page.getByTestId('setup-notice');
  await expect(notice).toContainText('La autorización de numeración DIAN vence en 12 días');

  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await form.scrollIntoViewIfNeeded();
    // Nothing in the section sticks out of it, and the section ends inside the window.
    const sticking = await form.evaluate((f) => {
      const edge = f.getBoundingClientRect().right;
      const out = [...f.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge + 1).map((el) => el.tagName);
      return edge > window.innerWidth ? ['form', ...out] : out;
    });
    expect(sticking, `${width}×${height}`).toEqual([]);
    // And the window itself never scrolls sideways, also after shrinking from a wider size.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width}×${height}`).toBeLessThanOrEqual(0);
    await saveScreen(page, `settings-authorization-${width}x${height}`);
  }

  await form.getByLabel('Vigente hasta').fill(day(-1));
  await form.getByRole('button', { name: 'Guardar autorización' }).click();
  await expect(notice).toContainText(`La autorización de numeración DIAN venció el ${day(-1)}`);
});
