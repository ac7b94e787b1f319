/**
 * npm run bench:dashboard [-- --sales 200000 --backend postgresql|pglite|both --draw --draw-runs 7]
 * A year of one shop (three tills, 200 000 sales of realistic shape: 3 000 regular buyers among anonymous ones, 1 to
 * 3 lines with IVA 19/5/0 and INC 8, cash and cards, one in 200 refused by the DIAN and one in 1 000 voided, a shift
 * per till and day with its Z) pushed through the server's store (pushSales, batches of 500) into a throwaway
 * PostgreSQL cluster (default durability); then prints each dashboard query's p95, the whole dashboard's, the day
 * report's, and History search p95 over bare sale numbers, invoice numbers, NITs, CUFE prefixes and name fragments.
 * With --draw (PostgreSQL): the dashboard's first draw in Chromium against a server on that year (dashboard-draw.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import { consumidorFinal } from '../../shared/customer';
import { calculateTotals } from '../../shared/money';
import { nitCheckDigit } from '../../shared/nit';
import type { PushedSale } from '../../shared/shop/contract';
import { shopDateOf, shopDayWindow, shopWeekWindow } from '../../shared/shop/shop-day';
import type { Database } from '../../server/db/adapter';
import { openStore } from '../../server/open-store';
import { dashboard } from '../../server/store/dashboard';
import { dayReport } from '../../server/store/day-report';
import { byMeansOf, bySliceOf, byTillOf, salesTally, taxesOf, topProductsOf } from '../../server/store/report-queries';
import { searchSales } from '../../server/store/sale-history';
import { pushSales } from '../../server/store/sales';
import { pushShifts } from '../../server/store/shifts';
import { startPgCluster } from '../support/pg-cluster';
import { DRAW_TARGET_MS, measureFirstDraw } from './dashboard-draw';
import { sampleSale } from '../support/sample-sale';
import { seededRandom } from '../support/seeded-random';

const { values } = parseArgs({ options: {
  sales: { type: 'string', default: '200000' }, backend: { type: 'string', default: 'postgresql' },
  draw: { type: 'boolean', default: false }, 'draw-runs': { type: 'string', default: '7' },
} });
const TOTAL = Number(values.sales);
const DAY_MS = 24 * 3600_000;
const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

const p95 = (ms: number[]): number => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]!;
async function time(runs: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  return p95(times);
}
const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

interface Year { tills: string[]; sales: Array<{ till: number; sale: PushedSale }>; regulars: InvoiceCustomer[] }

function aYear(): Year {
  const random = seededRandom(21);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const FIRST = ['María', 'José', 'Luis', 'Ana', 'Carlos', 'Luz', 'Jorge', 'Sandra', 'Andrés', 'Paola'];
  const LAST = ['Gómez', 'Rodríguez', 'Martínez', 'López', 'García', 'Peña', 'Muñoz', 'Castaño'];
  const regulars: InvoiceCustomer[] = Array.from({ length: 3000 }, (_, i) => {
    const company = i % 4 === 0;
    const identification = company ? String(800_000_000 + i * 7919) : String(10_000_000 + i * 104_729);
    return {
      identification_type: company ? '31' : '13', identification, dv: nitCheckDigit(identification), person_type: company ? '1' : '2',
      tax_regime: company ? '48' : '49', name: `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`, email: `cliente${i}@correo.example.co`, municipality_code: '11001',
    };
  });
  const anonymous = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' });
  const end = Date.now();
  const start = end - 365 * DAY_MS;
  const numbers = [0, 0, 0];
  const sales: Year['sales'] = [];
  for (let i = 1; i <= TOTAL; i++) {
    const at = Math.floor(start + ((end - start) * i) / (TOTAL + 1));
    const till = i % 3 === 0 ? 1 : i % 7 === 0 ? 2 : 0;
    const saleNumber = ++numbers[till]!;
    const sample = sampleSale(i, RANGE);
    const customer = random() >= 0.6 ? pick(regulars) : anonymous;
    const payment = { form_code: '1', means_code: pick(['10', '10', '10', '48', '49', '47']) };
    const ref = `T${till + 1}-${at.toString(32).toUpperCase()}${randomBytes(5).toString('hex')}`;
    const refused = i % 200 === 7;
    const voided = refused && i % 1000 === 7;
    const fresh = end - at < 20 * 60_000; // the last minutes: not answered yet
    const state = voided ? 'voided' : refused ? 'needs_attention' : fresh ? 'queued' : 'validated';
    sales.push({ till, sale: {
      referenceCode: ref, saleNumber, revision: 1, createdAt: at, shiftId: Math.floor((at - start) / DAY_MS) + 1, cashierName: pick(['Julián', 'Rosa', 'Camilo']),
      invoice: { reference_code: ref, numbering_range_id: RANGE, customer, items: sample.items, payment },
      total: calculateTotals(sample.items).payable, cash: null,
      service: state === 'validated'
        ? { state, fullNumber: `SETP${990_000_000 + i}`, cufe: Array.from({ length: 96 }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join(''), validatedAt: at + 2500 }
        : { state, fullNumber: null, cufe: null, validatedAt: null },
      corrects: null, correctedBy: null, reprints: 0,
    } });
  }
  return { tills: ['', '', ''], sales, regulars };
}

async function fill(db: Database, year: Year): Promise<void> {
  const ids: string[] = [];
  for (let n = 1; n <= 3; n++) {
    const id = randomBytes(16).toString('hex');
    await db.query(`INSERT INTO tills (id, number, name, public_key, paired_at, version, seq) VALUES ($1, $2, $3, $4, $5, 1, nextval('change_seq'))`,
      [id, n, `Caja ${n}`, randomBytes(20).toString('base64url'), Date.now()]);
    ids.push(id);
  }
  const started = performance.now();
  for (let till = 0; till < 3; till++) {
    const own = year.sales.filter((s) => s.till === till).map((s) => s.sale);
    for (let k = 0; k < own.length; k += 500) await db.transaction((tx) => pushSales(tx, ids[till]!, own.slice(k, k + 500), Date.now()));
    // A Z per day of the year for this till (its shift of that day).
    const days = new Map<number, PushedSale[]>();
    for (const s of own) days.set(s.shiftId!, [...(days.get(s.shiftId!) ?? []), s]);
    const shifts = [...days].map(([shiftId, list]) => ({
      shiftId, openedAt: list[0]!.createdAt, openedBy: 'Marta', openingCash: '200000.00', closedAt: list.at(-1)!.createdAt + 60_000, closedBy: 'Marta',
      countedCash: '200000.00', report: { kind: 'Z', sales: { count: list.length, payable: '0.00' }, cash: { expected: '200000.00' } },
    }));
    for (let k = 0; k < shifts.length; k += 50) await db.transaction((tx) => pushShifts(tx, ids[till]!, shifts.slice(k, k + 50), Date.now()));
  }
  await db.exec('ANALYZE');
  console.log(`  ${TOTAL} sales pushed through the store in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function measure(db: Database, year: Year): Promise<void> {
  const now = Date.now();
  const today = shopDayWindow(shopDateOf(now));
  const week = shopWeekWindow(shopDateOf(now));
  const RUNS = 40;
  const queries: Array<[string, () => Promise<unknown>]> = [
    ['today: sales', () => salesTally(db, today)], ['today: by till', () => byTillOf(db, today)], ['today: by hour', () => bySliceOf(db, today, 3600_000)],
    ['today: payment means', () => byMeansOf(db, today)], ['today: taxes', () => taxesOf(db, today)], ['today: best sellers', () => topProductsOf(db, today, 10)],
    ['week: sales', () => salesTally(db, week)], ['week: by till', () => byTillOf(db, week)], ['week: by day', () => bySliceOf(db, week, DAY_MS)],
    ['week: payment means', () => byMeansOf(db, week)], ['week: taxes', () => taxesOf(db, week)], ['week: best sellers', () => topProductsOf(db, week, 10)],
  ];
  for (const [name, run] of queries) console.log(`  dashboard ${name.padEnd(22)} p95 ${fmt(await time(RUNS, run))}`);
  console.log(`  whole dashboard (one snapshot, incl. DIAN backlog)  p95 ${fmt(await time(RUNS, () => dashboard(db, now)))}`);
  console.log(`  day report (a busy day, one snapshot)               p95 ${fmt(await time(20, (i) => dayReport(db, shopDateOf(now - (i + 1) * DAY_MS))))}`);
  const random = seededRandom(5);
  const any = () => year.sales[Math.floor(random() * year.sales.length)]!.sale;
  const validated = () => { for (;;) { const s = any(); if (s.service.fullNumber) return s; } };
  const cases: Array<[string, () => string]> = [
    ['bare sale number', () => String(any().saleNumber)],
    ['invoice number', () => validated().service.fullNumber!],
    ['invoice digits', () => validated().service.fullNumber!.slice(4)],
    ['NIT', () => year.regulars[Math.floor(random() * year.regulars.length)]!.identification],
    ['CUFE prefix (8)', () => validated().service.cufe!.slice(0, 8)],
    ['name fragment', () => year.regulars[Math.floor(random() * year.regulars.length)]!.name.split(' ')[1]!.toLowerCase()],
    ['no text (newest)', () => ''],
  ];
  for (const [name, text] of cases) {
    const texts = Array.from({ length: 60 }, text);
    console.log(`  History search ${name.padEnd(18)} p95 ${fmt(await time(texts.length, (i) => searchSales(db, { q: texts[i]!, limit: 50 })))}`);
  }
}

/** The browser's first draw of the dashboard against a server on this year (dashboard-draw.ts). */
async function draw(databaseUrl: string): Promise<void> {
  const runs = Number(values['draw-runs']);
  console.log(`  first draw of Tienda's dashboard in Chromium (server process on this database, a paired till, ${runs} fresh contexts) …`);
  const figures = await measureFirstDraw(databaseUrl, runs);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`  dashboard first draw (session open → ${figures.charts} charts drawn) median ${fmt(figures.medianDrawMs)} [${list(figures.drawMs)}]`
    + ` (target ≤ ${DRAW_TARGET_MS} ms: ${figures.medianDrawMs <= DRAW_TARGET_MS ? 'PASS' : 'FAIL'})`);
  console.log(`    of which the dashboard's answer in the page (session open → its bridge request's end) median ${fmt(figures.medianDataMs)} [${list(figures.dataMs)}]`);
  console.log(`  whole open (PIN pressed → charts drawn, the PIN checked by till and server) median ${fmt(figures.medianOpenMs)} [${list(figures.openMs)}]`);
  console.log(JSON.stringify({ sales: TOTAL, drawMedianMs: Math.round(figures.medianDrawMs * 10) / 10, openMedianMs: Math.round(figures.medianOpenMs * 10) / 10, dataMedianMs: Math.round(figures.medianDataMs * 10) / 10, runs }));
}

async function main(): Promise<void> {
  console.log(`bench:dashboard: a year of one shop, three tills, ${TOTAL} sales`);
  const year = aYear();
  if (values.backend === 'postgresql' || values.backend === 'both') {
    const cluster = await startPgCluster({ durable: true });
    if (!cluster) {
      console.log('PostgreSQL: skipped (initdb not found; install Debian\'s postgresql)');
    } else {
      try {
        const url = await cluster.createDatabase('bench_dashboard');
        const db = await openStore({ databaseUrl: url });
        console.log('PostgreSQL (throwaway cluster, default durability):');
        await fill(db, year);
        await measure(db, year);
        await db.close();
        if (values.draw) await draw(url);
      } finally {
        cluster.stop();
      }
    }
  }
  if (values.backend === 'pglite' || values.backend === 'both') {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-dashboard-'));
    try {
      const db = await openStore({ pgliteDir: dir });
      console.log('PGlite (embedded, in a folder):');
      await fill(db, year);
      await measure(db, year);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
