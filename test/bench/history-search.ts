/**
 * The search half of `npm run bench:history`, in a process of its own: opens the file as the core does and times
 * each kind of history search (a page of 100, as the screen asks), then reports this process's RSS.
 * Usage: tsx test/bench/history-search.ts <file.sqlite> [queries]
 */
import type { SaleSearch } from '../../electron/core/store';
import { openStore } from '../../electron/core/store';
import { seededRandom } from '../support/seeded-random';

const [path, queryArg] = process.argv.slice(2);
if (!path) throw new Error('usage: history-search.ts <file.sqlite> [queries]');
const queries = Number(queryArg ?? 300);
const DAY_MS = 24 * 3600 * 1000;
const PAGE = 100;

const store = openStore({ path });
const rssAtOpenMb = Number((process.memoryUsage().rss / 1e6).toFixed(1));
const random = seededRandom(11);
const newest = store.searchSales({ limit: 1 }).sales[0];
if (!newest) throw new Error('the file has no sales');
const someSale = () => {
  for (;;) {
    const sale = store.getSale(1 + Math.floor(random() * newest.id));
    if (sale) return sale;
  }
};
const someRegular = () => {
  for (;;) {
    const sale = someSale();
    if (sale.customer.identification !== '222222222222') return sale;
  }
};
const someValidated = () => {
  for (;;) {
    const sale = someSale();
    if (sale.outbox.cufe) return sale;
  }
};

const kinds: Record<string, () => SaleSearch> = {
  'NIT or cédula': () => ({ text: someRegular().customer.identification, limit: PAGE }),
  'NIT with DV (900.373.115-3)': () => {
    const c = someRegular().customer;
    return { text: `${c.identification.replace(/\B(?=(\d{3})+$)/g, '.')}-${c.dv}`, limit: PAGE };
  },
  'buyer name': () => ({ text: someRegular().customer.name.toLowerCase(), limit: PAGE }),
  'a surname (thousands of matches)': () => ({ text: ['pena', 'gomez', 'munoz', 'castano'][Math.floor(random() * 4)] as string, limit: PAGE }),
  'reference fragment (8 chars)': () => {
    const ref = someSale().referenceCode;
    const at = 7 + Math.floor(random() * (ref.length - 15));
    return { text: ref.slice(at, at + 8), limit: PAGE };
  },
  'full invoice number': () => ({ text: someValidated().outbox.fullNumber ?? '', limit: PAGE }),
  'CUFE, first 8 characters': () => ({ text: (someValidated().outbox.cufe ?? '').slice(0, 8), limit: PAGE }),
  'short sale number': () => ({ text: String(someSale().shortNumber).padStart(6, '0'), limit: PAGE }),
  'state: needs attention': () => ({ state: 'needs_attention', limit: PAGE }),
  'state: validated': () => ({ state: 'validated', limit: PAGE }),
  'state: waiting': () => ({ state: 'waiting', limit: PAGE }),
  'first page, no filter': () => ({ limit: PAGE }),
  'a day (date range)': () => {
    const day = someSale().createdAt - (someSale().createdAt % DAY_MS);
    return { from: day, to: day + DAY_MS, limit: PAGE };
  },
  'a week + cashier + cash': () => {
    const from = someSale().createdAt - 7 * DAY_MS;
    return { from, to: from + 7 * DAY_MS, cashierId: 2, paymentMeans: '10', limit: PAGE };
  },
  'payment means: debit card': () => ({ paymentMeans: '49', limit: PAGE }),
  'buyer name + state validated': () => ({ text: someRegular().customer.name, state: 'validated', limit: PAGE }),
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (n: number) => Number(n.toFixed(3));

const figures: Record<string, { p50: number; p95: number; max: number; found: number }> = {};
for (const [kind, make] of Object.entries(kinds)) {
  const inputs = Array.from({ length: queries }, make);
  for (const input of inputs.slice(0, 5)) store.searchSales(input); // the statements are prepared once per shape
  const times: number[] = [];
  let found = 0;
  for (const input of inputs) {
    const t0 = performance.now();
    const result = store.searchSales(input);
    times.push(performance.now() - t0);
    found += result.total;
    if (result.total === 0 && input.text) throw new Error(`${kind}: "${input.text}" found nothing`);
  }
  times.sort((a, b) => a - b);
  figures[kind] = { p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), max: ms(times.at(-1) ?? NaN), found: Math.round(found / queries) };
  console.log(`${kind.padEnd(36)} p50 ${figures[kind].p50.toFixed(2)} ms  p95 ${figures[kind].p95.toFixed(2)} ms  max ${figures[kind].max.toFixed(2)} ms  (matches ≈ ${figures[kind].found})`);
}
// What the core holds with the file open, not the bench's own garbage (its inputs and timings): collected first.
(globalThis as { gc?: () => void }).gc?.();
const rssMb = Number((process.memoryUsage().rss / 1e6).toFixed(1));
const worstP95 = Math.max(...Object.values(figures).map((f) => f.p95));
console.log(`RSS with the file open: ${rssAtOpenMb} MB at open, ${rssMb} MB after every search (target ≤ 150); worst p95 ${worstP95} ms (target ≤ 10)`);
store.close();
console.log(JSON.stringify({ bench: 'history', rssAtOpenMb, rssMb, worstP95, figures }));
process.exitCode = rssMb <= 150 && worstP95 <= 10 ? 0 : 1;
