/**
 * The browser's side of `npm run bench:dashboard`: the owner's dashboard (Tienda → Panel) opened in Chromium against
 * the shop server holding the year just filled. The server runs in its own process (`npm run server`, TLS on
 * loopback) on that database; a browser-mode till pairs with it as the shop's first till (its owner and demo
 * catalog uploaded; the year's sales are already there) and each run opens Tienda in a fresh browser context (no
 * cache: the dashboard's chunk with uPlot is fetched too) and types the owner's PIN.
 *
 * Timed in the page (performance.now(), like bench:ui): the press on "Abrir la tienda" (t0), the moment the session
 * is open and the dashboard's views show (t1: the PIN checked by the till and by the server, scrypt both), and the
 * moment every chart of the panel has its canvas in the layout, taken at the next animation frame (t2: the
 * dashboard's SQL aggregates over the year, the chunk, React and uPlot drawing). The draw is t2 − t1; the whole
 * open, PIN included, t2 − t0. Of the draw, the part until the dashboard's answer reached the page is printed too
 * (its bridge request's responseEnd, resource timing). Target (issue 21): a year of one shop draws in ≤ 500 ms.
 */
import { createRequire } from 'node:module';
import { chromium, type Browser } from '@playwright/test';
import config from '../../playwright.config';
import { callCore } from '../e2e/core-bridge';
import { removeDataDir, startApp, type AppProcess } from '../e2e/app-process';
import { openTill, goToScreen } from '../e2e/counter';
import { startShopServerProcess } from '../support/shop-server-process';

type Keytar = typeof import('keytar');
const keytar = createRequire(import.meta.url)('keytar') as Keytar;
const OWNER_PIN = '4826';
const LIMIT_MS = 60_000;
export const DRAW_TARGET_MS = 500;

const IN_PAGE_CLOCK = `(() => {
  const w = window;
  w.__draw = { pressed: null, open: null, drawn: null };
  addEventListener('pointerdown', (e) => {
    if (w.__draw.pressed === null && e.target instanceof Element && e.target.closest('button')?.textContent?.includes('Abrir la tienda')) w.__draw.pressed = performance.now();
  }, true);
  const check = () => {
    const d = w.__draw;
    if (d.pressed === null) return;
    if (d.open === null && document.querySelector('nav.owner-tabs')) d.open = performance.now();
    const boxes = document.querySelectorAll('[data-testid="dashboard"] .bar-chart');
    if (d.drawn === null && d.open !== null && boxes.length > 0 && [...boxes].every((b) => b.querySelector('canvas') && b.getClientRects().length > 0)) {
      d.drawn = -1;
      requestAnimationFrame(() => { d.drawn = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export interface DrawFigures { drawMs: number[]; openMs: number[]; dataMs: number[]; charts: number; medianDrawMs: number; medianOpenMs: number; medianDataMs: number }

async function oneRun(browser: Browser, app: AppProcess): Promise<{ draw: number; open: number; data: number; charts: number }> {
  const context = await browser.newContext({ locale: 'es-CO', viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(IN_PAGE_CLOCK);
    await openTill(page, app);
    await goToScreen(page, 'Tienda');
    await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
    await page.getByRole('button', { name: 'Abrir la tienda' }).click();
    const done = await page.waitForFunction(() => {
      const d = (window as unknown as { __draw: { pressed: number; open: number; drawn: number | null } }).__draw;
      if (d.drawn === null || d.drawn <= 0) return null;
      // When the dashboard's answer reached the page (the bridge's request through the core to the server).
      const answer = performance.getEntriesByType('resource').filter((r) => r.name.includes('shop.dashboard')).at(0) as PerformanceResourceTiming | undefined;
      return { draw: d.drawn - d.open, open: d.drawn - d.pressed, data: answer ? answer.responseEnd - d.open : NaN };
    }, undefined, { timeout: LIMIT_MS });
    const figures = (await done.jsonValue()) as { draw: number; open: number; data: number };
    const charts = await page.locator('[data-testid="dashboard"] .bar-chart canvas').count();
    await page.getByRole('button', { name: 'Cerrar la tienda' }).click();
    return { ...figures, charts };
  } finally {
    await context.close();
  }
}

/** Pairs a till with a server on `databaseUrl` (already holding the year) and times `runs` first draws. */
export async function measureFirstDraw(databaseUrl: string, runs: number): Promise<DrawFigures> {
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  const server = await startShopServerProcess({ databaseUrl, tls: true });
  const app = await startApp();
  const browser = await chromium.launch({ ...(config.use?.launchOptions ?? {}), headless: true });
  try {
    await callCore(app, 'people.save', { person: { name: 'Marta', role: 'owner', pin: OWNER_PIN } });
    await callCore(app, 'shopServer.pair', { address: server.address, code: await server.pairWithCli(), seedShop: true });
    const marta = (await callCore(app, 'people.session', {})).people.find((p) => p.name === 'Marta')!;
    await callCore(app, 'people.signIn', { personId: marta.id, pin: OWNER_PIN });
    await oneRun(browser, app); // warm-up: the browser's own start, the server's first plans
    const drawMs: number[] = [];
    const openMs: number[] = [];
    const dataMs: number[] = [];
    let charts = 0;
    for (let i = 0; i < runs; i++) {
      const run = await oneRun(browser, app);
      drawMs.push(run.draw);
      openMs.push(run.open);
      dataMs.push(run.data);
      charts = run.charts;
    }
    return { drawMs, openMs, dataMs, charts, medianDrawMs: median(drawMs), medianOpenMs: median(openMs), medianDataMs: median(dataMs) };
  } finally {
    await browser.close();
    await app.stop();
    for (const { account } of await keytar.findCredentials(app.keychainService)) await keytar.deletePassword(app.keychainService, account);
    removeDataDir(app.dataDir);
    await server.dispose();
  }
}
