/**
 * `npm run bench:feed-apply [-- --pages 20 --per-page 1000 --aside 0]`: what a page of the shop server's change feed
 * costs the till (issue 27: each change in its own savepoint, a record that cannot apply set aside). Applies `pages`
 * pages of `per-page` product changes (new products, then new prices) to a real SQLite file; with `--aside N`, N server
 * people whose names clash are set aside first, so each page also tries them again; with `--failing 1` each page
 * itself brings a clash (applied again change by change, each in a savepoint). Prints ms per page (p50, p95,
 * max) and, last, one line of JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../electron/core/store';
import type { Change } from '../../shared/shop/contract';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAGES = arg('pages', 20);
const PER_PAGE = arg('per-page', 1000);
/** 1: each page also brings one server person whose name clashes (the page is applied again change by change). */
const FAILING = arg('failing', 0) !== 0;
const ASIDE = Math.max(arg('aside', 0), FAILING ? 1 : 0);
const HASH = 'scrypt$16384$8$1$c2FsdA$aGFzaA';

const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-feed-'));
try {
  const store = openStore({ path: join(dir, 'till.sqlite') });
  store.recordShopPairing({ 'shop.till_id': 'f'.repeat(32) }, 0);
  let seq = 0;
  const hex = (n: number) => n.toString(16).padStart(32, '0');
  if (ASIDE > 0) {
    const people: Change[] = [];
    for (let i = 0; i < ASIDE; i++) {
      people.push({ seq: ++seq, kind: 'person', key: hex(i + 1), data: { key: hex(i + 1), name: `Persona ${i}`, role: 'cashier', pinHash: HASH, active: true, version: 1 } } as Change);
      people.push({ seq: ++seq, kind: 'person', key: hex(100_000 + i), data: { key: hex(100_000 + i), name: `persona ${i}`, role: 'cashier', pinHash: HASH, active: true, version: 1 } } as Change);
    }
    store.applyShopChanges({ changes: people, cursor: seq, more: false });
  }
  const aside = store.feedAsideCount();
  const times: number[] = [];
  for (let p = 0; p < PAGES; p++) {
    const round = Math.floor(p / Math.max(1, Math.ceil(PAGES / 2)));
    const changes: Change[] = [];
    for (let i = 0; i < PER_PAGE; i++) {
      const code = `P-${(p % Math.ceil(PAGES / 2)) * PER_PAGE + i}`;
      changes.push({
        seq: ++seq, kind: 'product', key: code,
        data: {
          code, name: `Producto ${code}`, barcodes: [`77${String(p * PER_PAGE + i).padStart(11, '0')}`], unitMeasure: '94', price: 1000 + round * 100 + i,
          tax: { code: '01', rate: 19 }, discountRate: 0, category: null, active: true, quickKey: false, quickKeyOrder: null, version: round + 1,
        },
      } as Change);
    }
    if (FAILING) {
      const key = hex(200_000 + p);
      changes.splice(PER_PAGE >> 1, 0, { seq: 0, kind: 'person', key, data: { key, name: 'PERSONA 0', role: 'cashier', pinHash: HASH, active: true, version: 1 } } as Change);
      changes.forEach((c, i) => { c.seq = seq - PER_PAGE + 1 + i; });
      seq += 1;
    }
    const started = performance.now();
    store.applyShopChanges({ changes, cursor: seq, more: false });
    times.push(performance.now() - started);
  }
  const after = store.feedAsideCount();
  store.close();
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const figures = {
    pages: PAGES, per_page: PER_PAGE, set_aside: aside, failing: FAILING, set_aside_after: 0,
    p50_ms: Number(at(0.5).toFixed(1)), p95_ms: Number(at(0.95).toFixed(1)), max_ms: Number(sorted.at(-1)!.toFixed(1)),
    per_change_us: Number(((at(0.5) / PER_PAGE) * 1000).toFixed(1)),
  };
  figures.set_aside_after = after;
  console.log(`feed pages of ${PER_PAGE} product changes (${aside} records set aside before, ${after} after${FAILING ? ', a clash in every page' : ''}): p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms, max ${figures.max_ms} ms per page (${figures.per_change_us} µs a change)`);
  console.log(JSON.stringify(figures));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
