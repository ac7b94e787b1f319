/**
 * The back-office screens come in their own chunks (issue 17): a chunk that cannot be fetched shows a message and a
 * retry in place of the screen, never a blank window, and the retry brings the screen; once a screen has been
 * opened, going back to it shows no loading state at all.
 */
import { test, expect, type Page } from '@playwright/test';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { openTill, productSearch, saveScreen } from './counter';

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

const historyHeading = (page: Page) => page.getByRole('heading', { name: /Historial/, level: 1 });

test('a back-office chunk that fails to load: a message and a retry that brings the screen; a second visit never waits', async ({ page }) => {
  app = await startApp();
  // The history chunk is unreachable (as when the browser-mode host went away) until the route is lifted.
  let refused = 0;
  await page.route(/\/assets\/HistoryScreen-[^/]*\.js$/, (route) => { refused++; return route.abort('connectionrefused'); });
  await openTill(page, app);

  await page.keyboard.press('F9');
  const failed = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'No se pudo cargar esta pantalla. Intente de nuevo; si sigue igual, reinicie Mostrador.' }) });
  await expect(failed).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  await expect(page.getByRole('navigation')).toBeVisible(); // the window is still there around the message
  await saveScreen(page, 'screen-not-loaded');

  await page.unroute(/\/assets\/HistoryScreen-[^/]*\.js$/);
  await failed.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await expect(historyHeading(page)).toBeVisible();

  // Back to the counter and to History again: the loading words must not show even for a frame.
  await page.keyboard.press('Escape');
  await expect(productSearch(page)).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { loadingShown?: boolean };
    w.loadingShown = false;
    new MutationObserver(() => { if (document.querySelector('.screen-loading')) w.loadingShown = true; })
      .observe(document.body, { childList: true, subtree: true });
  });
  await page.keyboard.press('F9');
  await expect(historyHeading(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadingShown?: boolean }).loadingShown)).toBe(false);
});

test('every back-office chunk is fetched once the counter is idle, before anyone opens a screen', async ({ page }) => {
  app = await startApp();
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const chunk = /\/assets\/(\w+Screen)-[^/]*\.js$/.exec(response.url());
    if (chunk?.[1]) fetched.add(chunk[1]);
  });
  await openTill(page, app);
  await expect.poll(() => [...fetched].sort(), { timeout: 15_000 }).toEqual([
    // Tienda's screen too (issue 21): small, and there at once when a paired till's owner opens it.
    'CatalogScreen', 'CustomersScreen', 'HistoryScreen', 'OwnerViewScreen', 'PeopleScreen', 'ReceiptScreen', 'SettingsScreen', 'ShiftScreen',
  ]);
  await expect(productSearch(page)).toBeVisible(); // still the counter: prefetching shows nothing
});
