/**
 * Issue 29's proof for Tienda's panel with any number of tills: the real shop server (its own process, embedded
 * PGlite, plain HTTP on loopback) and one browser-mode till (Caja 1) where the owner opens Tienda; the other tills
 * are tills as the server sees them (their own keys, paired with codes, their week of sales pushed signed, as a
 * till pushes: test/support/shop-till.ts), added between steps: 1, 5, 10 and 20 tills with sales. The sales are
 * big (the week of twenty tills passes a thousand million pesos) and one has waited a year for the DIAN.
 * At 1024×768, 1093×614, 1366×768 and 1920×1080, at each step:
 *   - every table lies inside its own panel, or scrolls inside it (its first column fixed);
 *   - no two panels (and no two figure cards) overlap;
 *   - no figure breaks across lines (each money cell, card figure, hour and day name is one line box);
 *   - the Tienda area does not scroll sideways (scrollWidth ≤ clientWidth), nor does the window;
 *   - the top bar shows "Vende: <name>" whole;
 * and the year-long wait reads "365 días". Screenshots (top, tables, lower panels) in test-results/screenshots/; with
 * ten tills at 1366×768 and 1920×1080 also in docs/screenshots/ (top and tables), axe-core clean there.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import type { InvoiceItem } from '../../shared/api/invoice-request';
import { calculateTotals } from '../../shared/money';
import type { PushedSale } from '../../shared/shop/contract';
import { shopDateOf, shopDayWindow } from '../../shared/shop/shop-day';
import { validInvoiceRequest } from '../support/invoice-body';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { ShopTill } from '../support/shop-till';
import { type AppProcess, disposeApp, startApp } from './app-process';
import { callCore } from './core-bridge';
import { goToScreen, openTill } from './counter';
import { axeViolations } from './screen-check';
import { sidewaysOverflow } from './screen-geometry';
import { expectSpanishScreen } from './spanish-check';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = join(ROOT, 'test-results', 'screenshots');
const OWNER = 'Marta Lucía Gómez';
const OWNER_PIN = '4826';
const SIZES = [{ width: 1024, height: 768 }, { width: 1093, height: 614 }, { width: 1366, height: 768 }, { width: 1920, height: 1080 }] as const;
const STEPS = [1, 5, 10, 20] as const;
const RANGE = '8f1b6c2e-5d4a-4c3b-9a1e-2f3d4c5b6a70';
const DAY_MS = 86_400_000;
/** Some till names as shops give them (unique in the shop, issue 26): long ones wrap between words, never inside. */
const NAMES = ['Caja 2', 'Caja rápida de la entrada', 'Caja 4', 'Droguería', 'Caja 6', 'Panadería', 'Caja 8', 'Caja 9', 'Caja 10',
  'Caja 11', 'Caja 12', 'Caja 13', 'Bodega norte', 'Caja 15', 'Caja 16', 'Caja 17', 'Caja 18', 'Caja 19', 'Caja 20', 'Caja 21'];
const ITEMS: InvoiceItem[] = [
  { code: 'TV-55', name: 'Televisor 55"', quantity: 1, unit_measure: '94', price: 2_349_900.45, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] },
  { code: 'NEV-01', name: 'Nevera 420 L', quantity: 1, unit_measure: '94', price: 3_890_000, discount_rate: 5, taxes: [{ code: '01', rate: 19 }] },
  { code: 'ARR-50', name: 'Arroz bulto 50 kg', quantity: 1, unit_measure: '94', price: 187_350.77, discount_rate: 0, taxes: [{ code: '01', rate: 0 }] },
];

let server: ShopServerProcess | null = null;
let app: AppProcess | null = null;
test.afterAll(async () => {
  if (app) await disposeApp(app);
  await server?.dispose();
});

/** The shop's week so far: each day from Monday to today with its window (today's ends a minute ago). */
function weekSoFar(now: number): Array<{ from: number; to: number }> {
  const today = shopDateOf(now);
  const sinceMonday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  return Array.from({ length: sinceMonday + 1 }, (_, k) => {
    const w = shopDayWindow(shopDateOf(shopDayWindow(today).from + 12 * 3_600_000 - (sinceMonday - k) * DAY_MS));
    return k === sinceMonday ? { from: w.from, to: Math.max(w.from + 3_600_000, now - 60_000) } : w;
  });
}

/** A till's week: three sales a day spread over the day, big amounts; validated. */
function weekOf(tillIndex: number, now: number): PushedSale[] {
  const out: PushedSale[] = [];
  for (const day of weekSoFar(now)) {
    for (let n = 0; n < 3; n++) {
      const at = Math.min(day.to - 60_000, day.from + Math.floor(((day.to - day.from) * (n + 0.5)) / 3) + tillIndex * 7_000);
      const items = ITEMS.map((item, i) => ({ ...item, quantity: 1 + ((tillIndex + n + i) % 4) }));
      const ref = `T${tillIndex}-${at}-${n}`;
      out.push(saleOf(ref, out.length + 1, at, items, 'validated'));
    }
  }
  return out;
}

function saleOf(ref: string, saleNumber: number, at: number, items: InvoiceItem[], state: 'validated' | 'waiting'): PushedSale {
  const invoice = { ...validInvoiceRequest(RANGE, ref), items, payment: { form_code: '1', means_code: saleNumber % 2 ? '10' : '48' } };
  return {
    referenceCode: ref, saleNumber, revision: 1, createdAt: at, shiftId: null, cashierName: 'Rosa', invoice, total: calculateTotals(items).payable, cash: null,
    service: state === 'validated'
      ? { state, fullNumber: `SETP${990_000_000 + saleNumber}`, cufe: 'c'.repeat(96), validatedAt: at + 2_000 }
      : { state, fullNumber: null, cufe: null, validatedAt: null },
    corrects: null, correctedBy: null, reprints: 0,
  };
}

/** What breaks the panel, read from the page: [] when it holds. */
async function panelProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const box = (el: Element) => el.getBoundingClientRect();
    const name = (el: Element) => el.querySelector('h2')?.textContent ?? el.getAttribute('data-testid') ?? el.className;
    const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

    const area = document.querySelector('.owner-scroll');
    if (!area) return ['no Tienda area'];
    for (let el = area.parentElement; el; el = el.parentElement) {
      if (el.scrollTop !== 0 || el.scrollLeft !== 0) problems.push(`${el.tagName}.${el.className} scrolled by ${el.scrollLeft}, ${el.scrollTop}`);
    }
    if (area.scrollWidth > area.clientWidth) problems.push(`the Tienda area scrolls sideways: ${area.scrollWidth} > ${area.clientWidth}`);

    for (const group of ['.dash-panel', '.dash-card']) {
      const items = [...document.querySelectorAll(group)];
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          if (overlap(box(items[i]!), box(items[j]!))) problems.push(`"${name(items[i]!)}" overlaps "${name(items[j]!)}"`);
        }
      }
    }

    for (const table of document.querySelectorAll('.dash-table')) {
      const panel = table.closest('.dash-panel');
      if (!panel) { problems.push(`a table outside any panel: ${table.getAttribute('data-testid')}`); continue; }
      if (inside(box(table), box(panel))) continue;
      const scroller = table.closest('.dash-table-scroll');
      const scrolls = scroller && getComputedStyle(scroller).overflowX === 'auto' && inside(box(scroller), box(panel));
      if (!scrolls) problems.push(`the table of "${name(panel)}" spills out of its panel (${Math.round(box(table).right)} > ${Math.round(box(panel).right)})`);
    }

    // One line box per figure: the text (not the measuring copy nor the words only read aloud) on one line.
    const lines = (el: Element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.fit-measure, .visually-hidden') || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return tops.size;
    };
    const figures = document.querySelectorAll('.dash-table td.num, .dash-figure, .dash-note, .dash-stacked tbody th');
    for (const el of figures) {
      const n = lines(el);
      if (n > 1) problems.push(`"${el.textContent}" broken over ${n} lines`);
    }
    if (figures.length === 0) problems.push('no figures found');

    const who = document.querySelector('.person-name');
    if (!who) problems.push('nobody shown in the top bar');
    else if (who.scrollWidth > who.clientWidth) problems.push(`the top bar cuts "${who.textContent}" (${who.scrollWidth} > ${who.clientWidth})`);
    return problems;
  });
}

async function shoot(page: Page, file: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.querySelector('.owner-scroll')?.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${file}.png`), scale: 'css' });
  // The charts and their tables, further down the panel.
  // (Scrolled inside the Tienda area only: scrollIntoView would scroll its clipped ancestors too.)
  await page.evaluate(() => {
    const area = document.querySelector('.owner-scroll')!;
    const panel = document.querySelector('[data-testid="dash-hour"]')!;
    area.scrollTop += panel.getBoundingClientRect().top - area.getBoundingClientRect().top;
  });
  await page.screenshot({ path: join(SHOTS, `${file}-tables.png`), scale: 'css' });
  await page.evaluate(() => {
    const area = document.querySelector('.owner-scroll')!;
    const panel = document.querySelector('[aria-labelledby="dash-means"]')!;
    area.scrollTop += panel.getBoundingClientRect().top - area.getBoundingClientRect().top;
  });
  await page.screenshot({ path: join(SHOTS, `${file}-lower.png`), scale: 'css' });
  await page.evaluate(() => document.querySelector('.owner-scroll')?.scrollTo(0, 0));
}

test('Tienda\'s panel holds 1, 5, 10 and 20 tills at every size: tables in their panels, no overlap, no figure broken, no sideways scroll', async ({ page }) => {
  test.setTimeout(420_000);
  server = await startShopServerProcess();
  const s = server;
  app = await startApp();
  // The owner at till 1, which seeds the shop and sells nothing itself; Tienda opened there, with the owner signed in.
  await callCore(app, 'people.save', { person: { name: OWNER, role: 'owner', pin: OWNER_PIN } });
  await callCore(app, 'shopServer.pair', { address: s.url, code: String((await s.admin('POST', '/admin/pairing')).body.code), seedShop: true, tillName: 'Caja 1' });
  const owner = (await callCore(app, 'people.session', {})).people.find((p) => p.name === OWNER)!;
  await callCore(app, 'people.signIn', { personId: owner.id, pin: OWNER_PIN });

  const now = Date.now();
  const tills: ShopTill[] = [];
  const addTills = async (count: number) => {
    while (tills.length < count) {
      const till = new ShopTill(s.url);
      const name = NAMES[tills.length]!;
      const paired = await till.pair(String((await s.admin('POST', '/admin/pairing')).body.code), { name });
      expect(paired.status, JSON.stringify(paired.body)).toBe(200);
      const sales = weekOf(tills.length, now);
      // The first till also has a sale the DIAN has not answered for a year.
      if (tills.length === 0) sales.push(saleOf('T0-a-year-ago', sales.length + 1, now - 365 * DAY_MS - 3_600_000, ITEMS.slice(2), 'waiting'));
      const pushed = await till.call('POST', '/v1/sales', { sales });
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
      tills.push(till);
    }
  };

  await addTills(1);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openTill(page, app);
  await expect(page.getByText(`Vende: ${OWNER}`)).toBeVisible();
  await goToScreen(page, 'Tienda');
  await page.getByLabel('Clave del dueño').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Abrir la tienda' }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('dash-oldest')).toContainText('365 días');
  // The measuring copy of a figure is never read (innerText, as the other Tienda e2e files read the cards): one amount.
  expect((await page.getByTestId('dash-today').innerText()).match(/\$/g), 'one amount in the card\'s text').toHaveLength(1);

  for (const step of STEPS) {
    await addTills(step);
    // The panel follows the pushes by itself (the server's change signal).
    await expect(page.getByTestId('dash-by-till').getByRole('rowheader')).toHaveCount(step, { timeout: 60_000 });
    await expect(page.getByTestId('dash-week-chart-table').locator('thead th')).toHaveCount(step + 2);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300); // the charts and the fitted figures follow their box's new width on the next frame
      const label = `${step} caja${step === 1 ? '' : 's'} a ${size.width}×${size.height}`;
      expect.soft(await panelProblems(page), label).toEqual([]);
      expect.soft(await sidewaysOverflow(page), `${label}: the window`).toEqual([]);
      await shoot(page, `owner-tills-${step}-${size.width}x${size.height}`);
      if (step === 10 && size.width >= 1366) {
        expect.soft(await axeViolations(page), `${label}: axe-core WCAG 2.1 A/AA`).toEqual([]);
        await expectSpanishScreen(page, { screen: `Tienda · Panel, ${label}`, soft: true });
        // For the guide and the README: ten tills at a laptop's and a desktop's size.
        for (const part of ['', '-tables']) {
          const file = `owner-tills-${step}-${size.width}x${size.height}${part}.png`;
          copyFileSync(join(SHOTS, file), join(ROOT, 'docs', 'screenshots', file));
        }
      }
    }
  }

  // A shortened figure keeps the exact one: in its title, in what is read aloud, and shown on keyboard focus. At
  // 1093×614 six cards share the row: the week of twenty tills ($ 6.643.239.575,40 here) is shortened there.
  await page.setViewportSize({ width: 1093, height: 614 });
  await page.waitForTimeout(300);
  const short = page.getByTestId('dash-week').locator('.fit-short');
  await expect(short).toHaveCount(1);
  const exact = await short.getAttribute('data-exact');
  expect(exact).toMatch(/^\$\s[\d.]+(,\d+)?$/);
  await expect(short.locator('[aria-hidden="true"]')).toHaveText(/^\$\s[\d,]+\sM$/);
  await expect(short.locator('.visually-hidden')).toHaveText(exact!);
  await expect(page.getByTestId('dash-week').locator('.dash-figure')).toHaveAttribute('title', exact!);
  await short.focus();
  await expect(short).toBeFocused();
  expect(await short.evaluate((el) => getComputedStyle(el, '::after').content), 'the exact figure shown on focus').toBe(JSON.stringify(exact));
  await page.screenshot({ path: join(SHOTS, 'owner-tills-20-1093x614-focused-figure.png'), scale: 'css' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForTimeout(300);

  // The week's table scrolls inside its panel at 1024×768 with twenty tills: its day names stay in view.
  const week = page.getByTestId('dash-week-chart');
  const scroller = week.locator('.dash-table-scroll');
  await expect(scroller).toHaveAttribute('role', 'region');
  await week.evaluate((panel) => {
    const area = document.querySelector('.owner-scroll')!;
    area.scrollTop += panel.getBoundingClientRect().top - area.getBoundingClientRect().top;
  });
  await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  const day = week.locator('tbody th').first();
  const [dayBox, panelBox] = [await day.boundingBox(), await week.boundingBox()];
  expect(dayBox!.x, 'the day column stays at the panel\'s left while the table scrolls').toBeLessThan(panelBox!.x + 40);
  await page.screenshot({ path: join(SHOTS, 'owner-tills-20-1024x768-scrolled.png'), scale: 'css' });
  await goToScreen(page, 'Venta');
  await expect(page.getByText(`Vende: ${OWNER}`)).toBeVisible();
});
