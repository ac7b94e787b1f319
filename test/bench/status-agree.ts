/**
 * `npm run bench:status-agree` (issue 26, «one truth on screen»): how long the status bar lags behind Tienda about the
 * shop server once it is back. A till's shop link (electron/core/shop/shop-link.ts) with the default backoff (1 s
 * doubling to 30 s) against a stand-in shop server on 127.0.0.1 that goes away for a while and comes back; then a
 * request stands in for Tienda's back-office call and, on its answer, tells the link (`heard()`, as
 * back-office-handlers.ts does). Measured per round, from the moment that answer arrives:
 * - until the link's news reaches the status push (onChange, then the push after a setImmediate, as pos-app.ts does);
 * - until the link's own loop has read the feed again (the backoff it was waiting out is cut short).
 * And, for comparison, rounds where nobody tells the link: how long its own backoff keeps the bar saying «sin conexión».
 */
import { performance } from 'node:perf_hooks';
import { createShopLink } from '../../electron/core/shop/shop-link';
import { pairedTill } from '../integration/shop/shop-test-rig';

const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 8);
const AWAY_MS = Number(process.argv.find((a) => a.startsWith('--away-ms='))?.slice(10) ?? 8_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN).toFixed(2));
};
async function until(check: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(1);
  }
  return true;
}

async function round(tell: boolean): Promise<{ push: number; feed: number }> {
  const rig = await pairedTill();
  let pushedAt = 0;
  const link = createShopLink({
    store: rig.store, credentials: rig.credentials, now: Date.now, log: () => {},
    onChange: () => setImmediate(() => { pushedAt = performance.now(); }),
  });
  try {
    await link.restart();
    await until(() => link.line()?.unreachableSince === null && link.lastContactAt() !== null, 10_000);
    rig.server.goAway();
    await until(() => link.line()?.unreachableSince !== null, 10_000);
    await sleep(AWAY_MS);
    rig.server.away = false;
    rig.server.put('product', 'BENCH-1', { code: 'BENCH-1', name: 'Bench', barcodes: [], unitMeasure: '94', price: 1000, tax: null, discountRate: 0, category: 'Otros', active: true, quickKey: false, quickKeyOrder: null });
    const answered = await fetch(`${rig.server.url}/v1/health`);
    await answered.arrayBuffer();
    const at = performance.now();
    pushedAt = 0;
    if (tell) link.heard();
    const back = await until(() => link.line()?.unreachableSince === null && pushedAt > 0, 60_000);
    const push = back ? pushedAt - at : NaN;
    await until(() => rig.store.getCatalogProduct('BENCH-1') !== null, 60_000);
    return { push, feed: performance.now() - at };
  } finally {
    await link.stop();
    await rig.close();
  }
}

async function main(): Promise<void> {
  console.log(`status bar vs Tienda after the server is back (${ROUNDS} rounds told, ${Math.max(3, Math.floor(ROUNDS / 4))} not told; away ${AWAY_MS} ms each)`);
  const told = [];
  for (let i = 0; i < ROUNDS; i++) told.push(await round(true));
  const alone = [];
  for (let i = 0; i < Math.max(3, Math.floor(ROUNDS / 4)); i++) alone.push(await round(false));
  const line = (name: string, xs: number[]) => console.log(`${name.padEnd(58)} p50 ${pct(xs, 50)} ms  p95 ${pct(xs, 95)} ms  max ${pct(xs, 100)} ms`);
  line('told: answer → status push says the server is back', told.map((r) => r.push));
  line('told: answer → the link has read the feed again', told.map((r) => r.feed));
  line('not told: answer → status push says the server is back', alone.map((r) => r.push));
  line('not told: answer → the link has read the feed again', alone.map((r) => r.feed));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
